import { existsSync } from 'node:fs';

/**
 * The fonts the product's PDFs (certificates, invoices) are drawn with. DejaVu Sans (Debian's
 * fonts-dejavu-core, which the media tools already pull in) draws names in Latin, Greek and Cyrillic scripts
 * with their accents, and the rupee sign; without it the PDF falls back to the standard Helvetica, whose
 * encoding covers Western European letters only (no ₹).
 */
const DEJAVU = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export const PDF_FONTS: { regular: string; bold: string; hasRupeeSign: boolean } =
  existsSync(DEJAVU.regular) && existsSync(DEJAVU.bold)
    ? { ...DEJAVU, hasRupeeSign: true }
    : { regular: 'Helvetica', bold: 'Helvetica-Bold', hasRupeeSign: false };
