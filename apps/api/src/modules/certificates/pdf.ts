import PDFDocument from 'pdfkit';
import { PDF_FONTS as FONTS } from '../../lib/pdf-fonts.ts';
import type { LiveCertificate } from './queries.ts';
import { formatIssueDate, formatWatchedTime } from './wording.ts';

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#4338ca';

/**
 * The certificate as a one-page A4 landscape PDF: who, which course, when, the time really watched, each
 * quiz's best score, its id and the page that verifies it (a revoked one says so across the top).
 */
export interface CertificatePdfInput {
  row: LiveCertificate;
  context: { productName: string; verificationUrl: string };
}

export function certificatePdf(row: LiveCertificate, context: CertificatePdfInput['context']): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `Certificate ${row.id}`,
      Subject: `${row.courseTitle}: certificate of completion`,
      Author: context.productName,
      Creator: context.productName,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Body', FONTS.regular);
  doc.registerFont('Bold', FONTS.bold);

  const { width, height } = doc.page;
  const left = 72;
  const inner = width - left * 2;
  doc
    .lineWidth(3)
    .roundedRect(28, 28, width - 56, height - 56, 14)
    .stroke(ACCENT);

  if (row.revokedAt) {
    doc
      .font('Bold')
      .fontSize(14)
      .fillColor('#b91c1c')
      .text(`REVOKED on ${formatIssueDate(row.revokedAt)}: this certificate is no longer valid.`, left, 44, {
        width: inner,
        align: 'center',
      });
  }
  doc.font('Bold').fontSize(14).fillColor(ACCENT).text(context.productName.toUpperCase(), left, 72, {
    width: inner,
    align: 'center',
    characterSpacing: 3,
  });
  doc.moveDown(0.6).font('Body').fontSize(18).fillColor(MUTED).text('Certificate of completion', { align: 'center' });
  doc.moveDown(1.4).fontSize(13).text('This certifies that', { align: 'center' });
  doc.moveDown(0.4).font('Bold').fontSize(30).fillColor(INK).text(row.learnerName, { align: 'center' });
  doc.moveDown(0.6).font('Body').fontSize(13).fillColor(MUTED).text('watched every lesson of', { align: 'center' });
  doc.moveDown(0.4).font('Bold').fontSize(24).fillColor(INK).text(row.courseTitle, { align: 'center' });
  const completed = `completing the course on ${formatIssueDate(row.issuedAt)}.`;
  const closing = row.quizScores.length > 0 ? `and passed every quiz, ${completed}` : completed;
  doc.moveDown(0.6).font('Body').fontSize(13).fillColor(MUTED).text(closing, { align: 'center' });

  const facts = [
    `Time watched: ${formatWatchedTime(row.watchedSeconds)}`,
    ...row.quizScores.map((quiz) => `${quiz.title}: ${quiz.scorePercent}%`),
  ];
  doc.moveDown(1.2).fontSize(12).fillColor(INK).text(facts.join('   ·   '), { align: 'center' });

  const footerY = height - 112;
  doc
    .font('Body')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Certificate ID: ${row.id}`, left, footerY, { width: inner, align: 'center' });
  doc
    .moveDown(0.3)
    .fillColor(ACCENT)
    .text(`Verify at ${context.verificationUrl}`, { width: inner, align: 'center', link: context.verificationUrl });
  doc.end();
  return done;
}
