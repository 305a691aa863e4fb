import { endpoints } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoices } from '../../db/schema.ts';
import { route } from '../../lib/endpoint-route.ts';
import { notFound } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { invoiceFileName, storedInvoicePdf } from './stored-pdf.ts';

export const INVOICE_NOT_FOUND = 'We could not find that invoice.';

/** Staff who may read any learner's invoices (support answers billing questions). */
const INVOICE_READERS = ['support', 'admin'] as const;

/**
 * GET /invoices/:id/pdf: a tax invoice or credit note as a PDF, for the learner it was issued to and for
 * support and admins. Anyone else gets the answer of an id that does not exist, so ids cannot be probed.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pdfThread } = app.deps;

  // The first download draws the PDF (on the PDF thread); later ones read it. A budget per visitor anyway.
  route(app, endpoints.invoicePdf, { config: perLearnerRateLimit(30) }, async (request, reply) => {
    const user = await requireUser(request);
    const [invoice] = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        userId: invoices.userId,
        details: invoices.details,
        pdf: invoices.pdf,
      })
      .from(invoices)
      .where(eq(invoices.id, request.params.id))
      .limit(1);
    const staff = user.roles.some((role) => (INVOICE_READERS as readonly string[]).includes(role));
    if (!invoice || (invoice.userId !== user.id && !staff)) throw notFound(INVOICE_NOT_FOUND, 'invoice_not_found');
    const pdf = await storedInvoicePdf(db, pdfThread, invoice);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
      .type('application/pdf')
      .send(pdf);
  });
};
