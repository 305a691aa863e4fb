import { gstStateName } from '@kaushal/contract';
import { z } from 'zod';
import type { InvoicingConfig } from '../../config.ts';
import type { OrderBilling } from '../../db/schema.ts';
import type { FinancialYear } from './numbering.ts';
import { splitGst } from './tax.ts';

const state = z.object({ code: z.string(), name: z.string() });

/**
 * Everything an invoice or credit note prints, stored with it (`invoices.details`) when it is issued: the PDF is
 * drawn from this alone, so what the buyer, the supplier or the tax rate become later never changes it.
 */
export const invoiceDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** 2026-27. */
  financialYear: z.string(),
  supplier: z.object({
    legalName: z.string(),
    address: z.string(),
    gstin: z.string(),
    stateCode: z.string(),
    stateName: z.string(),
  }),
  buyer: z.object({
    name: z.string(),
    /** Null only when the account was deleted before the invoice was issued. */
    email: z.string().nullable(),
    stateCode: z.string(),
    stateName: z.string(),
    gstin: z.string().nullable(),
    address: z.string().nullable(),
  }),
  placeOfSupply: state,
  line: z.object({ description: z.string(), sacCode: z.string(), amountPaise: z.number().int() }),
  ratePercent: z.number(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  orderId: z.string(),
  paymentId: z.string().nullable(),
  /** A credit note's invoice (null on an invoice). */
  against: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  /** A credit note's reason, as given for the refund (null on an invoice, or when none was given). */
  reason: z.string().nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** What an invoice is built from: the order as paid, the learner's account, and what was bought. */
export interface InvoiceFacts {
  order: {
    id: string;
    amountPaise: number;
    providerPaymentId: string | null;
    billing: OrderBilling | null;
  };
  /** The learner's account; null when it was deleted. */
  account: { name: string; email: string } | null;
  courseTitle: string;
  tierTitle: string | null;
}

/** Where the number comes in: taken from the counter inside the issuing transaction. */
export interface IssueStamp {
  number: string;
  issuedAt: Date;
  financialYear: FinancialYear;
}

function stateOf(code: string) {
  const name = gstStateName(code);
  if (!name) throw new Error(`unknown GST state code ${code}`);
  return { code, name };
}

function amounts(amountPaise: number, ratePercent: number, supplierState: string, placeOfSupply: string) {
  const split = splitGst(amountPaise, ratePercent, supplierState === placeOfSupply);
  return {
    ratePercent,
    taxablePaise: split.taxable,
    cgstPaise: split.cgst,
    sgstPaise: split.sgst,
    igstPaise: split.igst,
    totalPaise: amountPaise,
  };
}

/**
 * The tax invoice of a paid order. The buyer is the order's billing copy (as billed when they paid); without
 * one, the account's name and email and the supplier's own state as the place of supply, the law's default
 * for an unregistered buyer whose address is not on record (IGST Act s.12(2)(b)).
 */
export function buildInvoiceDocument(
  facts: InvoiceFacts,
  invoicing: InvoicingConfig,
  stamp: IssueStamp,
): InvoiceDocument {
  const { supplier } = invoicing;
  const billing = facts.order.billing;
  const buyerState = stateOf(billing?.stateCode ?? supplier.stateCode);
  return {
    kind: 'invoice',
    number: stamp.number,
    issuedAt: stamp.issuedAt.toISOString(),
    financialYear: stamp.financialYear.label,
    supplier: {
      legalName: supplier.legalName,
      address: supplier.address,
      gstin: supplier.gstin,
      stateCode: supplier.stateCode,
      stateName: stateOf(supplier.stateCode).name,
    },
    buyer: {
      name: billing?.name ?? facts.account?.name ?? 'Customer',
      email: facts.account?.email ?? null,
      stateCode: buyerState.code,
      stateName: buyerState.name,
      gstin: billing?.gstin ?? null,
      address: billing?.address ?? null,
    },
    placeOfSupply: buyerState,
    line: {
      description: facts.tierTitle ? `${facts.courseTitle} - ${facts.tierTitle}` : facts.courseTitle,
      sacCode: invoicing.sacCode,
      amountPaise: facts.order.amountPaise,
    },
    ...amounts(facts.order.amountPaise, invoicing.gstRatePercent, supplier.stateCode, buyerState.code),
    orderId: facts.order.id,
    paymentId: facts.order.providerPaymentId,
    against: null,
    reason: null,
  };
}

/**
 * A credit note reducing an invoice by a refunded amount: the same supplier, buyer, place of supply, line and
 * rate as the invoice it refers to, the refunded amount split the same way.
 */
export function buildCreditNoteDocument(
  invoice: InvoiceDocument,
  refund: { amountPaise: number; reason: string | null },
  stamp: IssueStamp,
): InvoiceDocument {
  return {
    ...invoice,
    kind: 'credit_note',
    number: stamp.number,
    issuedAt: stamp.issuedAt.toISOString(),
    financialYear: stamp.financialYear.label,
    line: { ...invoice.line, amountPaise: refund.amountPaise },
    ...amounts(refund.amountPaise, invoice.ratePercent, invoice.supplier.stateCode, invoice.placeOfSupply.code),
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: refund.reason,
  };
}
