import { BRAND, courseArt, drawPicture, drawTexture } from './art.ts';
import { escapeXml, FONT_FAMILY, fitText } from './text.ts';

/** The size the web draws course thumbnails at (course card and side panel: 640 x 360, 16:9). */
export const THUMBNAIL_WIDTH = 640;
export const THUMBNAIL_HEIGHT = 360;

/**
 * A course's thumbnail as SVG: its topic picture, palette and label in one of four compositions, so the
 * catalogue's cards differ at a glance (the card prints the full title beneath it). Depends only on the
 * course's id and title, so the committed files stay what this draws (content.test.ts checks).
 */
export function courseThumbnailSvg(course: { id: string; title: string }): string {
  const art = courseArt(course);
  const { palette } = art;
  const W = THUMBNAIL_WIDTH;
  const H = THUMBNAIL_HEIGHT;
  const brand = (x: number, y: number, anchor = 'start') =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-size="15" font-weight="bold" letter-spacing="3" fill="${palette.hue}">KAUSHAL AI</text>`;
  /** The label's lines, the last one's baseline at `bottom` (or the first one's at `top`). */
  const label = (x: number, at: { top: number } | { bottom: number }, width: number, anchor = 'start') => {
    const { size, lines } = fitText(art.label, [72, 64, 56, 48, 40, 34], width, 2, true);
    const first = 'top' in at ? at.top + size * 0.75 : at.bottom - (lines.length - 1) * size * 1.05;
    return lines
      .map(
        (line, i) =>
          `<text x="${x}" y="${(first + i * size * 1.05).toFixed(1)}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="bold" fill="${BRAND.fg}">${escapeXml(line)}</text>`,
      )
      .join('');
  };
  let body: string;
  switch (art.layout) {
    case 'picture-right':
      body = `${drawPicture(art, 350, 50, 260)}
<rect x="40" y="40" width="56" height="6" rx="3" fill="${palette.hue}"/>${brand(40, 74)}${label(40, { bottom: 300 }, 300)}`;
      break;
    case 'picture-left':
      body = `<rect x="0" y="0" width="280" height="${H}" fill="${palette.hue}" opacity=".08"/>${drawPicture(art, 40, 80, 200)}
${brand(316, 118)}<rect x="316" y="136" width="40" height="5" rx="2.5" fill="${palette.hue}"/>${label(316, { top: 160 }, 290)}`;
      break;
    case 'picture-top':
      body = `${drawPicture(art, W / 2 - 95, 26, 190)}${label(W / 2, { bottom: 290 }, 560, 'middle')}${brand(W / 2, 330, 'middle')}`;
      break;
    case 'badge':
      body = `<circle cx="470" cy="180" r="150" fill="${palette.hue}" opacity=".14"/><circle cx="470" cy="180" r="112" fill="${BRAND.bg}" opacity=".55" stroke="${palette.hue}" stroke-width="3"/>
${drawPicture(art, 390, 100, 160)}${brand(40, 70)}${label(40, { bottom: 230 }, 270)}
<rect x="40" y="262" width="72" height="6" rx="3" fill="${palette.hue}"/>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(course.title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${drawTexture(art.texture, palette, W, H)}
${body}
</svg>
`;
}
