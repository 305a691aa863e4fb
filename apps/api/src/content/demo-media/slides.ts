import { BRAND, type CourseArt, drawPicture, drawTexture } from './art.ts';
import type { LessonScript, SlideContent } from './script.ts';
import { escapeXml, FONT_FAMILY, fitText, wrapText } from './text.ts';

/** Slides are drawn at 720p: large enough for text to stay sharp full screen, small enough to encode fast. */
export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;

const W = SLIDE_WIDTH;
const H = SLIDE_HEIGHT;
const MARGIN = 96;

const text = (
  x: number,
  y: number,
  content: string,
  style: { size: number; bold?: boolean; fill?: string; anchor?: string; spacing?: number },
) =>
  `<text x="${x}" y="${y.toFixed(1)}"${style.anchor ? ` text-anchor="${style.anchor}"` : ''} font-family="${FONT_FAMILY}" font-size="${style.size}"${style.bold ? ' font-weight="bold"' : ''}${style.spacing ? ` letter-spacing="${style.spacing}"` : ''} fill="${style.fill ?? BRAND.fg}">${escapeXml(content)}</text>`;

const lines = (
  x: number,
  y: number,
  list: string[],
  size: number,
  leading: number,
  style: { bold?: boolean; fill?: string },
) => list.map((line, i) => text(x, y + i * size * leading, line, { size, ...style })).join('');

/**
 * One slide of a lesson as SVG (1280 x 720), drawn by ffmpeg's librsvg decoder. Every slide but the title
 * has the same frame: heading top left, course and lesson in the footer, a progress row of dots.
 */
export function slideSvg(script: LessonScript, index: number, art: CourseArt): string {
  const slide = script.slides[index];
  if (!slide) throw new Error(`slide ${index} out of range`);
  const { palette } = art;
  const body =
    slide.content.kind === 'title' ? titleSlide(script, slide.content, art) : contentSlide(script, index, art);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${slide.content.kind === 'title' ? palette.from : BRAND.bg}"/><stop offset="1" stop-color="${slide.content.kind === 'title' ? palette.to : BRAND.surface}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${body}
</svg>
`;
}

function titleSlide(script: LessonScript, content: Extract<SlideContent, { kind: 'title' }>, art: CourseArt): string {
  const { palette } = art;
  const title = fitText(content.title, [76, 68, 60, 52, 46], 680, 3, true);
  const course = wrapText(script.courseTitle, { size: 30 }, 680, 2);
  const titleTop = 270 + title.size;
  const courseTop = titleTop + (title.lines.length - 1) * title.size * 1.1 + 64;
  return `${drawTexture(art.texture, palette, W, H)}
<circle cx="1010" cy="330" r="230" fill="${palette.hue}" opacity=".12"/>
<circle cx="1010" cy="330" r="178" fill="${BRAND.bg}" opacity=".5" stroke="${palette.hue}" stroke-width="3"/>
${drawPicture(art, 870, 190, 280)}
<rect x="${MARGIN}" y="${MARGIN}" width="72" height="8" rx="4" fill="${palette.hue}"/>
${text(MARGIN, 150, 'KAUSHAL AI', { size: 24, bold: true, fill: palette.hue, spacing: 4 })}
${text(MARGIN, 250, `LESSON ${script.lessonNumber} OF ${script.lessonCount}`, { size: 26, bold: true, fill: palette.second, spacing: 3 })}
${lines(MARGIN, titleTop, title.lines, title.size, 1.1, { bold: true })}
${lines(MARGIN, courseTop, course, 30, 1.3, { fill: BRAND.muted })}
${content.instructor ? text(MARGIN, H - MARGIN, `with ${content.instructor}`, { size: 26, fill: BRAND.muted }) : ''}`;
}

function contentSlide(script: LessonScript, index: number, art: CourseArt): string {
  const slide = script.slides[index];
  if (!slide) return '';
  const { palette } = art;
  const content = slide.content;
  const heading = 'heading' in content ? content.heading : '';
  const dots = script.slides
    .map(
      (_, i) =>
        `<circle cx="${W - MARGIN - (script.slides.length - 1 - i) * 22}" cy="${H - 58}" r="${i === index ? 6 : 4}" fill="${i === index ? palette.hue : BRAND.border}"/>`,
    )
    .join('');
  const frame = `<rect x="0" y="0" width="${W}" height="6" fill="${palette.hue}"/>
${drawPicture(art, W - MARGIN - 64, 64, 64)}
<rect x="${MARGIN}" y="88" width="48" height="6" rx="3" fill="${palette.hue}"/>
${text(MARGIN, 150, heading, { size: 46, bold: true })}
<path d="M${MARGIN} ${H - 96}H${W - MARGIN}" stroke="${BRAND.border}" stroke-width="2"/>
${text(MARGIN, H - 52, `${script.courseTitle}  ·  Lesson ${script.lessonNumber} of ${script.lessonCount}`, { size: 22, fill: BRAND.muted })}
${dots}`;
  return `${frame}\n${contentBody(content, art)}`;
}

function contentBody(content: SlideContent, art: CourseArt): string {
  const { palette } = art;
  const width = W - 2 * MARGIN;
  switch (content.kind) {
    case 'title':
      return '';
    case 'overview': {
      const fit = fitText(content.text, [52, 48, 44, 40, 36], width - 48, 5);
      const top = 380 - ((fit.lines.length - 1) * fit.size * 1.35) / 2;
      return `<rect x="${MARGIN}" y="${(top - fit.size).toFixed(1)}" width="8" height="${((fit.lines.length - 1) * fit.size * 1.35 + fit.size * 1.3).toFixed(1)}" rx="4" fill="${palette.hue}"/>
${lines(MARGIN + 44, top, fit.lines, fit.size, 1.35, {})}`;
    }
    case 'ideas': {
      const count = content.ideas.length;
      const size = count > 3 ? 34 : 40;
      const blocks = content.ideas.map((idea) => wrapText(idea, { size }, width - 110, 2));
      const rowHeight = (block: string[]) => block.length * size * 1.25 + 34;
      const total = blocks.reduce((sum, block) => sum + rowHeight(block), 0) - 34;
      let y = Math.max(220, 390 - total / 2);
      return blocks
        .map((block, i) => {
          const row = `<circle cx="${MARGIN + 28}" cy="${(y + size * 0.45).toFixed(1)}" r="28" fill="${palette.hue}"/>
${text(MARGIN + 28, y + size * 0.45 + 11, String(i + 1), { size: 30, bold: true, fill: BRAND.bg, anchor: 'middle' })}
${lines(MARGIN + 84, y + size * 0.8, block, size, 1.25, {})}`;
          y += rowHeight(block);
          return row;
        })
        .join('\n');
    }
    case 'practice': {
      const task = wrapText(content.task, { size: 38 }, width - 250, 3);
      const next = content.next;
      const nextTitle = next ? (wrapText(next.title, { size: 34, bold: true }, width - 96, 1)[0] ?? '') : '';
      return `<rect x="${MARGIN}" y="200" width="${width}" height="230" rx="24" fill="${BRAND.surface2}" stroke="${BRAND.border}" stroke-width="2"/>
<circle cx="${MARGIN + 100}" cy="315" r="56" fill="${palette.hue}"/>
<rect x="${MARGIN + 80}" y="289" width="14" height="52" rx="4" fill="${BRAND.bg}"/><rect x="${MARGIN + 106}" y="289" width="14" height="52" rx="4" fill="${BRAND.bg}"/>
${lines(MARGIN + 200, 315 - ((task.length - 1) * 38 * 1.3) / 2 + 13, task, 38, 1.3, {})}
${
  next
    ? `${text(MARGIN, 500, `UP NEXT  ·  LESSON ${next.number}`, { size: 22, bold: true, fill: palette.hue, spacing: 2 })}
${text(MARGIN, 548, nextTitle, { size: 34, bold: true })}`
    : text(MARGIN, 530, 'Congratulations on finishing the course!', { size: 34, bold: true, fill: palette.hue })
}`;
    }
  }
}
