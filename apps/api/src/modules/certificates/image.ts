import sharp from 'sharp';
import { escapeXml, FONT_FAMILY, fitText, textWidth } from '../../content/demo-media/text.ts';
import type { LiveCertificate } from './queries.ts';
import { formatIssueDate, formatWatchedTime } from './wording.ts';

/** Open Graph's recommended picture size: what link previews (LinkedIn, WhatsApp, Slack, X) show large. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#4338ca';

/** Text from the database as SVG may hold it: no control characters (XML refuses them), escaped. */
const clean = (text: string) => escapeXml(text.replace(/\p{Cc}/gu, ' '));

/** The certificate's link-preview picture as SVG: who, what, when, how much watched, and its status. */
export function certificateSvg(row: LiveCertificate, productName: string): string {
  const W = IMAGE_WIDTH;
  const H = IMAGE_HEIGHT;
  const course = fitText(row.courseTitle, [60, 54, 48, 42, 36], W - 160, 2, true);
  const name = fitText(row.learnerName, [48, 42, 36, 30], W - 160, 1, true);
  const revoked = row.revokedAt !== null;
  const status = revoked ? `REVOKED ON ${formatIssueDate(row.revokedAt ?? row.issuedAt).toUpperCase()}` : 'VERIFIED';
  const statusColour = revoked ? '#b91c1c' : '#047857';
  const statusWidth = Math.ceil(textWidth(status, { size: 24, bold: true, letterSpacing: 2 })) + 48;
  const courseLines = course.lines
    .map(
      (line, i) =>
        `<text x="80" y="${250 + i * course.size * 1.1}" font-size="${course.size}" font-weight="bold" fill="${INK}">${clean(line)}</text>`,
    )
    .join('');
  const courseBottom = 250 + (course.lines.length - 1) * course.size * 1.1;
  const labelY = courseBottom + 64;
  const nameY = labelY + 16 + name.size;
  const quizzes = row.quizScores.length;
  const details = [
    `Issued ${formatIssueDate(row.issuedAt)}`,
    `${formatWatchedTime(row.watchedSeconds)} watched`,
    quizzes > 0 ? `${quizzes} ${quizzes === 1 ? 'quiz' : 'quizzes'} passed` : null,
  ]
    .filter(Boolean)
    .join('  ·  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT_FAMILY}">
<rect width="${W}" height="${H}" fill="#f8fafc"/>
<rect x="24" y="24" width="${W - 48}" height="${H - 48}" rx="20" fill="#ffffff" stroke="${ACCENT}" stroke-width="4"/>
<rect x="80" y="80" width="72" height="8" rx="4" fill="${ACCENT}"/>
<text x="80" y="130" font-size="26" font-weight="bold" letter-spacing="4" fill="${ACCENT}">${clean(productName.toUpperCase())}</text>
<text x="80" y="172" font-size="26" fill="${MUTED}">Certificate of completion</text>
${courseLines}
<text x="80" y="${labelY}" font-size="24" fill="${MUTED}">Awarded to</text>
<text x="80" y="${nameY}" font-size="${name.size}" font-weight="bold" fill="${INK}">${clean(name.lines[0] ?? '')}</text>
<text x="80" y="${H - 90}" font-size="26" fill="${MUTED}">${clean(details)}</text>
<rect x="${W - 80 - statusWidth}" y="80" width="${statusWidth}" height="52" rx="26" fill="${statusColour}"/>
<text x="${W - 80 - statusWidth / 2}" y="115" text-anchor="middle" font-size="24" font-weight="bold" letter-spacing="2" fill="#ffffff">${clean(status)}</text>
</svg>
`;
}

/** The picture as PNG (what every link-preview reader takes), drawn by librsvg through sharp. */
export async function certificateImage(row: LiveCertificate, productName: string): Promise<Buffer> {
  return sharp(Buffer.from(certificateSvg(row, productName)), { density: 72 })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
