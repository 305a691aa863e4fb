import { desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { emailMessages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { AttachmentResolver } from './delivery.ts';
import { escapeHtml, formatIndianDateTime } from './templates/layout.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

/**
 * Whether the development mailbox exists: mail kept in the database (no SMTP_URL) and not production. The
 * one test for both registering its routes (app.ts) and linking to it (the sign-in stand-in's page).
 */
export function hasDevMailbox(deps: { mailer: Pick<Mailer, 'kind'>; config: Pick<Config, 'isProduction'> }): boolean {
  return deps.mailer.kind === 'mailbox' && !deps.config.isProduction;
}

const LISTED = 200;

const idParams = z.object({ id: z.uuid('Not a message id.') });
const attachmentParams = idParams.extend({
  index: z
    .string()
    .regex(/^\d{1,2}$/, 'Not an attachment number.')
    .transform(Number),
});

/** What an attachment reference is, before it is drawn (the file name comes with the file). */
const ATTACHMENT_KINDS = { invoice: 'Invoice or credit note (PDF)' } as const;

// System colours (Canvas, CanvasText, LinkText) follow the reader's light or dark preference; the focus ring is
// the text colour, so it contrasts with the page in both.
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;line-height:1.5;background:Canvas;color:CanvasText}
main{max-width:60rem;margin:0 auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #8884;vertical-align:top}th{white-space:nowrap}td{overflow-wrap:break-word}td.address{overflow-wrap:anywhere}
a{color:LinkText}:focus-visible{outline:3px solid CanvasText;outline-offset:2px}.status-failed{color:#b91c1c;font-weight:600}
@media (prefers-color-scheme:dark){.status-failed{color:#fca5a5}}
iframe{width:100%;height:36rem;border:1px solid #8886;border-radius:.5rem;background:#fff}pre{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #8886;border-radius:.5rem;padding:1rem}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:40rem){body{padding:1rem .75rem}th,td{padding:.5rem .375rem}}`;

function sendPage(reply: FastifyReply, title: string, body: string, csp: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`);
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The development mailbox: every email the product queued, newest first, each with its HTML part (in a
 * sandboxed frame, scripts off), its text part, its headers and its attachments to download. Registered only
 * outside production and without SMTP_URL (app.ts), so a newcomer sees each email the product sends without a
 * mail server.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ resolveAttachment: AttachmentResolver }> = async (
  app,
  options,
) => {
  const { db, site } = app.deps;

  // Development pages, not API: left out of the OpenAPI document.
  app.get(DEV_MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const rows = await db
      .select({
        id: emailMessages.id,
        toName: emailMessages.toName,
        toAddress: emailMessages.toAddress,
        subject: emailMessages.subject,
        kind: emailMessages.kind,
        status: emailMessages.status,
        createdAt: emailMessages.createdAt,
      })
      .from(emailMessages)
      .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
      .limit(LISTED);
    const list =
      rows.length === 0
        ? '<p>No email yet. Enroll in a course, pay in the sandbox or send a message from the contact page, and it appears here.</p>'
        : `<table><caption class="sr-only">Email in the mailbox, newest first</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>${rows
            .map(
              (row) =>
                `<tr><td><time datetime="${row.createdAt.toISOString()}">${escapeHtml(formatIndianDateTime(row.createdAt))}</time></td><td class="address">${escapeHtml(row.toAddress)}</td><td><a href="${DEV_MAILBOX_PATH}/${row.id}">${escapeHtml(row.subject)}</a></td><td class="status-${row.status}">${row.status}</td></tr>`,
            )
            .join('')}</tbody></table>`;
    return sendPage(
      reply,
      `Development mailbox · ${site.productName}`,
      `<h1>Development mailbox</h1><p>Email the product would send, kept here because <code>SMTP_URL</code> is not set. Never available in production.</p>${list}`,
      PAGE_CSP,
    );
  });

  const findMessage = async (id: string) => {
    const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
    if (!row) throw notFound('There is no such message in the mailbox.', 'message_not_found');
    return row;
  };

  app.get(`${DEV_MAILBOX_PATH}/:id`, { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const row = await findMessage(request.params.id);
    const headers: Array<[string, string]> = [
      ['To', `${row.toName} <${row.toAddress}>`],
      ['Subject', row.subject],
      ['Queued', formatIndianDateTime(row.createdAt)],
      ['Status', row.status + (row.lastError ? ` (${row.lastError})` : '')],
      ...Object.entries(row.headers),
    ];
    return sendPage(
      reply,
      `${row.subject} · Development mailbox`,
      `<p><a href="${DEV_MAILBOX_PATH}">Back to the mailbox</a></p><h1>${escapeHtml(row.subject)}</h1>
<dl>${headers.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<h2>HTML</h2><iframe title="HTML version of the email" src="${DEV_MAILBOX_PATH}/${row.id}/html" sandbox="allow-top-navigation-by-user-activation allow-popups"></iframe>
<h2>Text</h2><pre>${escapeHtml(row.text)}</pre>
<h2>Attachments</h2>${
        row.attachments.length === 0
          ? '<p>None.</p>'
          : `<ul>${row.attachments
              .map(
                (ref, index) =>
                  `<li>${escapeHtml(ATTACHMENT_KINDS[ref.kind])}: <a href="${DEV_MAILBOX_PATH}/${row.id}/attachments/${index}" download>Download attachment ${index + 1}</a></li>`,
              )
              .join('')}</ul>`
      }`,
      PAGE_CSP,
    );
  });

  // An attachment as the delivery sends it, resolved the same way.
  app.get(
    `${DEV_MAILBOX_PATH}/:id/attachments/:index`,
    { schema: { hide: true, params: attachmentParams } },
    async (request, reply) => {
      const row = await findMessage(request.params.id);
      const ref = row.attachments[request.params.index];
      if (!ref) throw notFound('This message has no such attachment.', 'attachment_not_found');
      const file = await options.resolveAttachment(ref);
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.content);
    },
  );

  // The email's own HTML, framed by the page above: no scripts, and links open in the mailbox's tab.
  app.get(`${DEV_MAILBOX_PATH}/:id/html`, { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const row = await findMessage(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'SAMEORIGIN')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'; form-action 'none'",
      )
      .send(row.html.replace(/<head>/i, '<head><base target="_top">'));
  });
};
