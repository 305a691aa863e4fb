/**
 * Text layout for the generated slides and thumbnails, which are SVG: SVG has no line wrapping, so lines are
 * broken here from the advance widths of DejaVu Sans (Debian's fonts-dejavu-core, which librsvg uses to draw
 * the slides). Widths are thousandths of an em for ASCII 32..126, read from DejaVuSans.ttf and
 * DejaVuSans-Bold.ttf (hmtx); other characters count as a wide letter, so lines err on the short side.
 */
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863,
  748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635,
  615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636,
  337, 636, 838,
];
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995,
  837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716,
  678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712,
  365, 712, 838,
];
const OTHER = 1000;

/** The font every slide and thumbnail names first; the fallbacks have similar or narrower letters. */
export const FONT_FAMILY = "'DejaVu Sans', Verdana, 'Helvetica Neue', Arial, sans-serif";

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Extra space after each letter, in px (SVG letter-spacing). */
  letterSpacing?: number;
}

/** The drawn width of `text` in px. */
export function textWidth(text: string, style: TextStyle): number {
  const table = style.bold ? BOLD : REGULAR;
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code < 127 ? (table[code - 32] ?? OTHER) : OTHER;
  }
  return (units / 1000) * style.size + [...text].length * (style.letterSpacing ?? 0);
}

/**
 * Breaks `text` into lines no wider than `maxWidth`, at spaces (a word wider than a line is cut). With
 * `maxLines`, the last line kept ends in an ellipsis when text is left over.
 */
export function wrapText(text: string, style: TextStyle, maxWidth: number, maxLines = Number.POSITIVE_INFINITY) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, style) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, style) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), style) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}…`;
  while (textWidth(last, style) > maxWidth && last.includes(' ')) last = `${last.slice(0, last.lastIndexOf(' '))}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/**
 * The largest size from `sizes` (largest first) at which `text` fits in `maxLines` lines of `maxWidth` without
 * cutting a word; at the smallest size, whatever fits (cut and shortened).
 */
export function fitText(
  text: string,
  sizes: number[],
  maxWidth: number,
  maxLines: number,
  bold = false,
): { size: number; lines: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  for (const size of sizes) {
    if (words.some((word) => textWidth(word, { size, bold }) > maxWidth)) continue;
    const lines = wrapText(text, { size, bold }, maxWidth);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1] ?? 24;
  return { size, lines: wrapText(text, { size, bold }, maxWidth, maxLines) };
}

/** Text safe inside an SVG element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch]};`);
}
