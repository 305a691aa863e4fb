// The invoices module's public surface: issuing invoices and credit notes (inside the caller's transaction),
// the PDF route, and the resolver that attaches an invoice's PDF to an email at delivery.
export { invoiceAttachment } from './attachments.ts';
export type { InvoiceDocument } from './document.ts';
export { type CreditNoteInput, type IssuedInvoice, issueCreditNote, issueInvoice } from './issue.ts';
export { invoicePdf } from './pdf.ts';
export { invoiceRoutes } from './routes.ts';
