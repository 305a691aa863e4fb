import type { SiteConfig } from '@kaushal/contract';
import { type MailLocale, mailLocale } from '../i18n/locale.ts';

/** What every message needs besides its own facts. */
export interface MailContext {
  site: SiteConfig;
  /** The product's public origin, for links. */
  publicUrl: string;
}

/** A rendered message: both parts, and the headers it adds (List-Unsubscribe, Reply-To). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export { formatRupees } from '../../../lib/money.ts';
export { type MailLanguage, type MailLocale, mailLocale } from '../i18n/locale.ts';

/** A date as learners in India read it: 25 Nov 2026, 2:30 pm IST. */
export function formatIndianDateTime(date: Date): string {
  return mailLocale('en').dateTime(date);
}

export function postalAddress(site: SiteConfig): string {
  const a = site.address;
  return [a.line1, a.line2, `${a.city} ${a.postalCode}`, a.state, a.country].filter(Boolean).join(', ');
}

/** One block of the HTML body: a paragraph, a fact table or a button, built by the helpers below. */
export type Block = string;

export const paragraph = (text: string): Block =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;

export const facts = (rows: ReadonlyArray<readonly [string, string]>): Block =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td class="muted" style="padding:8px 12px 8px 0;font-size:14px;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:8px 0;font-size:15px;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

export const button = (label: string, href: string): Block =>
  `<p style="margin:8px 0 24px"><a class="button" href="${escapeHtml(href)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;

/**
 * The shared frame: a light page that dark-mode clients may recolour (color-scheme), with its own dark
 * palette where the client honours prefers-color-scheme; the product's name and postal address in the footer.
 */
export function htmlFrame(
  context: MailContext,
  parts: { preheader: string; heading: string; blocks: Block[]; footerNote?: string },
  locale: MailLocale = mailLocale('en'),
): string {
  const { site } = context;
  return `<!doctype html>
<html lang="${locale.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(parts.heading)}</title>
<style>
  @media (prefers-color-scheme: dark) {
    body, .page { background:#0f172a !important; color:#e2e8f0 !important; }
    .card { background:#1e293b !important; color:#e2e8f0 !important; }
    .muted { color:#cbd5e1 !important; }
    a { color:#a5b4fc !important; }
    a.button { background:#4f46e5 !important; color:#ffffff !important; }
  }
</style>
</head>
<body class="page" style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="page" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:18px;font-weight:700;color:#4338ca"><a href="${escapeHtml(context.publicUrl)}" style="color:#4338ca;text-decoration:none">${escapeHtml(site.productName)}</a></td></tr>
<tr><td class="card" style="background:#ffffff;border-radius:12px;padding:28px 24px;color:#0f172a">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(parts.heading)}</h1>
${parts.blocks.join('\n')}
</td></tr>
<tr><td class="muted" style="padding:16px 4px;font-size:12px;line-height:1.5;color:#475569">
${parts.footerNote ? `${parts.footerNote}<br>` : ''}${escapeHtml(site.productName)} · ${escapeHtml(postalAddress(site))}<br>
${escapeHtml(locale.t('common.questions'))} <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#4338ca">${escapeHtml(site.supportEmail)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part: the same facts in the same order, links written out, the same footer. */
export function textFrame(
  context: MailContext,
  lines: string[],
  footerNote?: string,
  locale: MailLocale = mailLocale('en'),
): string {
  const { site } = context;
  return [
    ...lines,
    '',
    '--',
    ...(footerNote ? [footerNote] : []),
    `${site.productName} · ${postalAddress(site)}`,
    `${locale.t('common.questions')} ${site.supportEmail}`,
    '',
  ].join('\n');
}
