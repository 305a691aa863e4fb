import PDFDocument from 'pdfkit';
import { PDF_FONTS } from '../../lib/pdf-fonts.ts';
import type { InvoiceDocument } from './document.ts';
import { formatInvoiceAmount, formatInvoiceDate, formatRate } from './format.ts';

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const SHADE = '#f1f5f9';

/** The rupee sign where the font draws it (DejaVu Sans), else "Rs." (the standard fonts have no ₹). */
const CURRENCY = PDF_FONTS.hasRupeeSign ? '₹' : 'Rs. ';
const money = (paise: number) => `${CURRENCY}${formatInvoiceAmount(paise)}`;

const TITLES = { invoice: 'Tax Invoice', credit_note: 'Credit Note' } as const;
const NUMBER_LABELS = { invoice: 'Invoice number', credit_note: 'Credit note number' } as const;
const FOOTERS = {
  invoice: 'This is a computer-generated invoice.',
  credit_note: 'This is a computer-generated credit note.',
} as const;

/**
 * A GST tax invoice or credit note as a one-page A4 PDF, drawn from its stored document alone: supplier and
 * buyer with their GSTINs, the place of supply, the line with its SAC code and taxable value, CGST and SGST
 * (same state) or IGST, and the total. The creation date is the issue time, so drawing the same document
 * again gives the same bytes.
 */
export function invoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const title = TITLES[document.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${title} ${document.number}`,
      Subject: `${title} ${document.number} for order ${document.orderId}`,
      Author: document.supplier.legalName,
      Creator: document.supplier.legalName,
      CreationDate: new Date(document.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Body', PDF_FONTS.regular);
  doc.registerFont('Bold', PDF_FONTS.bold);

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const half = (width - 24) / 2;

  // Heading: the seller's name on the left, what this is and its number and date on the right.
  doc.font('Bold').fontSize(13).fillColor(INK).text(document.supplier.legalName, left, 50, { width: half });
  doc
    .font('Bold')
    .fontSize(20)
    .text(title, left + half + 24, 46, { width: half, align: 'right' });
  const meta: Array<[string, string]> = [
    [NUMBER_LABELS[document.kind], document.number],
    ['Date', formatInvoiceDate(document.issuedAt)],
  ];
  // Label and value in columns of their own: pdfkit cannot right-align text continued in another font.
  const valueWidth = 120;
  let y = 80;
  for (const [label, value] of meta) {
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${label}:`, right - valueWidth - 110, y, { width: 106 });
    doc
      .font('Bold')
      .fillColor(INK)
      .text(value, right - valueWidth, y, { width: valueWidth, align: 'right' });
    y = doc.y + 3;
  }
  y = Math.max(y, doc.y) + 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
  y += 14;

  // The parties, side by side.
  const party = (x: number, heading: string, name: string, lines: string[]) => {
    doc.font('Bold').fontSize(9).fillColor(MUTED).text(heading, x, y, { width: half });
    doc.moveDown(0.3).font('Bold').fontSize(11).fillColor(INK).text(name, { width: half });
    doc.font('Body').fontSize(10);
    for (const line of lines) doc.text(line, { width: half });
    return doc.y;
  };
  const { supplier, buyer } = document;
  const supplierEnd = party(left, 'Supplier', supplier.legalName, [
    supplier.address,
    `GSTIN: ${supplier.gstin}`,
    `State: ${supplier.stateName} (${supplier.stateCode})`,
  ]);
  const buyerEnd = party(left + half + 24, 'Billed to', buyer.name, [
    ...(buyer.email ? [buyer.email] : []),
    ...(buyer.address ? [buyer.address] : []),
    ...(buyer.gstin ? [`GSTIN: ${buyer.gstin}`] : []),
    `State: ${buyer.stateName} (${buyer.stateCode})`,
  ]);
  y = Math.max(supplierEnd, buyerEnd) + 16;

  // The facts that tie it to the payment (and, for a credit note, to the invoice it reduces).
  if (document.against) {
    const against = `Against invoice ${document.against.number} dated ${formatInvoiceDate(document.against.issuedAt)}`;
    doc.font('Bold').fontSize(11).fillColor(INK).text(against, left, y, { width });
    y = doc.y + 6;
  }
  const facts: Array<[string, string | null]> = [
    ['Place of supply', `${document.placeOfSupply.name} (${document.placeOfSupply.code})`],
    ['Order reference', document.orderId],
    ['Payment ID', document.paymentId],
    ['Reason', document.kind === 'credit_note' ? document.reason : null],
  ];
  for (const [label, value] of facts) {
    if (value === null) continue;
    doc.font('Body').fontSize(10).fillColor(MUTED).text(`${label}:`, left, y, { width, continued: true });
    doc.fillColor(INK).text(` ${value}`);
    y = doc.y + 3;
  }
  y += 14;

  // The table: one line (the course bought), its SAC code and taxable value; then the tax and the total.
  const columns = {
    description: { x: left + 8, width: width - 8 - 90 - 130 - 16 },
    sac: { x: right - 130 - 8 - 90, width: 82 },
    amount: { x: right - 130 - 8, width: 130 },
  };
  const headerHeight = 22;
  doc.rect(left, y, width, headerHeight).fill(SHADE);
  doc.font('Bold').fontSize(9).fillColor(MUTED);
  doc.text('DESCRIPTION', columns.description.x, y + 7, { width: columns.description.width });
  doc.text('SAC', columns.sac.x, y + 7, { width: columns.sac.width });
  doc.text('TAXABLE VALUE', columns.amount.x, y + 7, { width: columns.amount.width, align: 'right' });
  y += headerHeight + 8;
  doc.font('Body').fontSize(10).fillColor(INK);
  doc.text(document.line.description, columns.description.x, y, { width: columns.description.width });
  const rowEnd = doc.y;
  doc.text(document.line.sacCode, columns.sac.x, y, { width: columns.sac.width });
  doc.text(money(document.taxablePaise), columns.amount.x, y, { width: columns.amount.width, align: 'right' });
  y = Math.max(rowEnd, doc.y) + 8;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
  y += 10;

  // Within the supplier's state, CGST and SGST at half the rate each; to another state, IGST at the whole rate.
  const halfRate = formatRate(document.ratePercent / 2);
  const taxes: Array<[string, number]> =
    document.placeOfSupply.code === document.supplier.stateCode
      ? [
          [`CGST ${halfRate}`, document.cgstPaise],
          [`SGST ${halfRate}`, document.sgstPaise],
        ]
      : [[`IGST ${formatRate(document.ratePercent)}`, document.igstPaise]];
  const labelX = right - 130 - 8 - 170;
  const summary = (label: string, paise: number, bold = false) => {
    doc
      .font(bold ? 'Bold' : 'Body')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: 170 });
    doc.text(money(paise), columns.amount.x, y, { width: columns.amount.width, align: 'right' });
    y = doc.y + 6;
  };
  summary('Taxable value', document.taxablePaise);
  for (const [label, paise] of taxes) summary(label, paise);
  doc.moveTo(labelX, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
  y += 8;
  summary(document.kind === 'credit_note' ? 'Total credited' : 'Total', document.totalPaise, true);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Amounts in Indian rupees. The price includes GST.', left, y + 6, { width });

  const footerY = doc.page.height - doc.page.margins.bottom - 14;
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(FOOTERS[document.kind], left, footerY, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
