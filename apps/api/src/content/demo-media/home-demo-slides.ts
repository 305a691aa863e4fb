import { BRAND, courseArt, drawTexture } from './art.ts';
import {
  type CourseCard,
  printedPrice,
  type TourContent,
  type TourScript,
  type TourSlide,
} from './home-demo-script.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH, slideSvg } from './slides.ts';
import { escapeXml, FONT_FAMILY, fitText, textWidth, wrapText } from './text.ts';
import { courseThumbnailSvg } from './thumbnail.ts';

/**
 * The frames of the home page's demo video as SVG (1280 x 720, drawn by ffmpeg's librsvg like the lesson
 * slides): each slide of the tour draws the product's own screens (catalogue, course page, player, dashboard)
 * in a browser window, in the product's colours and with the courses' own thumbnails, under a heading; the
 * line being said is printed at the bottom, as the home page plays the video muted.
 */

const W = SLIDE_WIDTH;
const H = SLIDE_HEIGHT;
/** The screens' area: below the heading, above the printed line. */
const BODY = { x: 120, y: 128, w: 1040, h: 470 } as const;
const DIFFICULTY: Record<string, string> = { Beginner: '#3ddc84', Intermediate: '#ffb547', Advanced: '#ff7a8a' };

interface TextStyle {
  size: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  opacity?: number;
}

const text = (x: number, y: number, content: string, style: TextStyle) =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : ''} font-family="${FONT_FAMILY}" font-size="${style.size}"${style.bold ? ' font-weight="bold"' : ''}${style.spacing ? ` letter-spacing="${style.spacing}"` : ''}${style.opacity !== undefined ? ` opacity="${style.opacity}"` : ''} fill="${style.fill ?? BRAND.fg}">${escapeXml(content)}</text>`;

const lines = (x: number, y: number, list: string[], leading: number, style: TextStyle) =>
  list.map((line, i) => text(x, y + i * style.size * leading, line, style)).join('');

/** One line of `content`, shortened with an ellipsis to fit `width`. */
const oneLine = (content: string, width: number, style: TextStyle) =>
  wrapText(content, { size: style.size, bold: style.bold }, width, 1)[0] ?? '';

const rect = (x: number, y: number, w: number, h: number, attrs: string) =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" ${attrs}/>`;

let clipCount = 0;

/**
 * Another SVG drawn into the box (x, y, w, h), cropped to fill it, with rounded corners: its ids are prefixed
 * so that two pictures on one frame (each with its own gradient "bg") do not share them.
 */
function embed(svg: string, x: number, y: number, w: number, h: number, radius = 0): string {
  const trimmed = svg.trim();
  const open = /^<svg\b[^>]*>/.exec(trimmed)?.[0] ?? '';
  const viewBox = /viewBox="([^"]+)"/.exec(open)?.[1] ?? `0 0 ${w} ${h}`;
  const id = `e${clipCount++}`;
  const body = trimmed
    .slice(open.length)
    .replace(/<\/svg>\s*$/, '')
    .replace(/\bid="([^"]+)"/g, `id="${id}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${id}-$1)`);
  return `<clipPath id="${id}-clip">${rect(x, y, w, h, `rx="${radius}"`)}</clipPath><g clip-path="url(#${id}-clip)"><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg></g>`;
}

/** The product's mark (the favicon: a K and a dot on a rounded square), `size` px. */
const mark = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${(size / 32).toFixed(4)})"><rect width="32" height="32" rx="7" fill="#0b1220" stroke="${BRAND.border}" stroke-width="1"/><path d="M9 8v16M9 16l9-8M9 16l9 8" stroke="${BRAND.accent}" stroke-width="3" stroke-linecap="round" fill="none"/><circle cx="23" cy="16" r="2.5" fill="${BRAND.accent}"/></g>`;

const badge = (x: number, y: number, label: string, color: string, size = 13) => {
  const w = textWidth(label, { size, bold: true }) + size * 1.3;
  return `${rect(x, y, w, size * 1.8, `rx="${size * 0.9}" fill="${color}" fill-opacity=".14" stroke="${color}" stroke-opacity=".6"`)}${text(x + w / 2, y + size * 1.28, label, { size, bold: true, fill: color, anchor: 'middle' })}`;
};

const button = (x: number, y: number, w: number, h: number, label: string, primary = true, size = 15) =>
  `${rect(x, y, w, h, primary ? `rx="8" fill="${BRAND.accent}"` : `rx="8" fill="none" stroke="${BRAND.accent}" stroke-width="1.5"`)}${text(x + w / 2, y + h / 2 + size * 0.36, label, { size, bold: true, fill: primary ? BRAND.bg : BRAND.accent, anchor: 'middle' })}`;

const thumbnail = (course: CourseCard, x: number, y: number, w: number, radius = 10) =>
  embed(courseThumbnailSvg(course), x, y, w, (w * 9) / 16, radius);

/** A browser window at the screens' area showing `path` of the product, with the page's content inside. */
function browser(script: TourScript, path: string, content: string): string {
  const { x, y, w, h } = BODY;
  const address = `${script.host}${path}`;
  const id = `b${clipCount++}`;
  return `${rect(x - 2, y + 6, w + 4, h, `rx="14" fill="#000" opacity=".35"`)}
${rect(x, y, w, h, `rx="12" fill="${BRAND.bg}" stroke="${BRAND.border}" stroke-width="2"`)}
<clipPath id="${id}">${rect(x + 1, y + 36, w - 2, h - 37, 'rx="11"')}</clipPath>
<path d="M${x + 12} ${y}h${w - 24}a12 12 0 0 1 12 12v24h-${w}v-24a12 12 0 0 1 12-12z" fill="${BRAND.surface2}"/>
<circle cx="${x + 22}" cy="${y + 18}" r="6" fill="#ff5f57"/><circle cx="${x + 42}" cy="${y + 18}" r="6" fill="#febc2e"/><circle cx="${x + 62}" cy="${y + 18}" r="6" fill="#28c840"/>
${rect(x + w / 2 - 230, y + 7, 460, 22, `rx="11" fill="${BRAND.bg}" opacity=".7"`)}
${text(x + w / 2, y + 23, address, { size: 13, fill: BRAND.muted, anchor: 'middle' })}
<g clip-path="url(#${id})">${content}</g>`;
}

/** The product's top navigation inside the window: the brand, Courses and Dashboard, and Sign In or the learner. */
function nav(script: TourScript, learner: string | null): string {
  const x = BODY.x + 28;
  const y = BODY.y + 36;
  const right = BODY.x + BODY.w - 28;
  const initials = (learner ?? '')
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2);
  const account = learner
    ? `<circle cx="${right - textWidth(learner, { size: 14 }) - 24}" cy="${y + 25}" r="15" fill="${BRAND.accent}" fill-opacity=".18"/>${text(right - textWidth(learner, { size: 14 }) - 24, y + 30, initials, { size: 12, bold: true, fill: BRAND.accent, anchor: 'middle' })}${text(right, y + 30, learner, { size: 14, anchor: 'end' })}`
    : button(right - 84, y + 11, 84, 30, 'Sign In', true, 14);
  const linksEnd = learner ? right - textWidth(learner, { size: 14 }) - 60 : right - 108;
  return `${rect(BODY.x, y, BODY.w, 50, `fill="${BRAND.bg}"`)}<path d="M${BODY.x} ${y + 50}h${BODY.w}" stroke="${BRAND.border}"/>
${mark(x, y + 11, 28)}${text(x + 38, y + 31, script.productName, { size: 17, bold: true })}
${account}
${text(linksEnd, y + 30, 'Dashboard', { size: 14, fill: BRAND.muted, anchor: 'end' })}${text(linksEnd - 104, y + 30, 'Courses', { size: 14, fill: BRAND.muted, anchor: 'end' })}`;
}

/** Where a page's content starts inside the window (below the title bar and the navigation). */
const PAGE_TOP = BODY.y + 36 + 50;
const PAGE_LEFT = BODY.x + 32;
const PAGE_WIDTH = BODY.w - 64;

function courseCard(course: CourseCard, x: number, y: number, w: number): string {
  const thumbH = (w * 9) / 16;
  const title = wrapText(course.title, { size: 16, bold: true }, w - 28, 2);
  const color = DIFFICULTY[course.difficulty] ?? BRAND.accent;
  return `${rect(x, y, w, thumbH + 118, `rx="12" fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
${thumbnail(course, x, y, w, 12)}
${badge(x + 14, y + thumbH + 12, course.difficulty, color, 11)}
${text(x + w - 14, y + thumbH + 29, printedPrice(course.price), { size: 14, bold: true, fill: BRAND.accent, anchor: 'end' })}
${lines(x + 14, y + thumbH + 58, title, 1.25, { size: 16, bold: true })}
${text(x + 14, y + thumbH + 104, `${course.lessonCount} lessons  ·  ${course.students.toLocaleString('en-IN')} students  ·  ★ ${course.rating}`, { size: 12, fill: BRAND.muted })}`;
}

function catalogue(script: TourScript, content: Extract<TourContent, { kind: 'catalogue' }>): string {
  const columns = 4;
  const gap = 22;
  const w = (PAGE_WIDTH - gap * (columns - 1)) / columns;
  const cards = content.courses
    .slice(0, columns * 2)
    .map((course, i) =>
      courseCard(course, PAGE_LEFT + (i % columns) * (w + gap), PAGE_TOP + 86 + Math.floor(i / columns) * 262, w),
    )
    .join('\n');
  return browser(
    script,
    '/courses',
    `${nav(script, null)}
${text(PAGE_LEFT, PAGE_TOP + 44, 'All courses', { size: 28, bold: true })}
${text(PAGE_LEFT, PAGE_TOP + 70, `${content.total} courses, from beginner to advanced`, { size: 15, fill: BRAND.muted })}
${cards}`,
  );
}

function coursePage(script: TourScript, content: Extract<TourContent, { kind: 'course' }>): string {
  const { course } = content;
  const left = PAGE_LEFT;
  const leftWidth = 600;
  const panelX = PAGE_LEFT + leftWidth + 40;
  const panelW = PAGE_WIDTH - leftWidth - 40;
  const title = fitText(course.title, [30, 26], leftWidth, 1, true);
  const description = wrapText(content.description, { size: 15 }, leftWidth, 2);
  let y = PAGE_TOP + 34;
  const head = `${badge(left, y, course.difficulty, DIFFICULTY[course.difficulty] ?? BRAND.accent, 12)}
${lines(left, y + 62, title.lines, 1.2, { size: title.size, bold: true })}
${lines(left, y + 96, description, 1.4, { size: 15, fill: BRAND.muted })}`;
  y += 140;
  const rows = content.lessons
    .slice(0, 6)
    .map((lesson, i) => {
      const top = y + 44 + i * 46;
      return `${rect(left, top, leftWidth, 46, `fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
<circle cx="${left + 22}" cy="${top + 23}" r="10" fill="none" stroke="${BRAND.accent}" stroke-width="2"/><path d="M${left + 19} ${top + 18}l8 5-8 5z" fill="${BRAND.accent}"/>
${text(left + 44, top + 29, oneLine(`${i + 1}. ${lesson.title}`, leftWidth - 130, { size: 15 }), { size: 15 })}
${lesson.free ? badge(left + leftWidth - 62, top + 12, 'Free', DIFFICULTY.Beginner ?? BRAND.accent, 11) : `${rect(left + leftWidth - 30, top + 17, 12, 10, `rx="2" fill="${BRAND.muted}"`)}<path d="M${left + leftWidth - 27} ${top + 17}v-3a3 3 0 0 1 6 0v3" fill="none" stroke="${BRAND.muted}" stroke-width="2"/>`}`;
    })
    .join('\n');
  const lessonsHeading = `${text(left, y + 28, 'Lessons', { size: 20, bold: true })}${text(left + textWidth('Lessons ', { size: 20, bold: true }), y + 28, `(${content.lessons.length})`, { size: 16, fill: BRAND.muted })}`;
  const thumbW = panelW - 32;
  const panelTop = PAGE_TOP + 30;
  const panel = `${rect(panelX, panelTop, panelW, (thumbW * 9) / 16 + 138, `rx="14" fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
${thumbnail(course, panelX + 16, panelTop + 16, thumbW, 10)}
${text(panelX + 16, panelTop + 16 + (thumbW * 9) / 16 + 40, course.price === 0 ? 'Free' : `Price: ${printedPrice(course.price)}`, { size: 22, bold: true })}
${button(panelX + 16, panelTop + 16 + (thumbW * 9) / 16 + 58, thumbW, 44, course.price === 0 ? 'Enroll for Free' : 'Enroll Now', true, 16)}`;
  return browser(script, `/course/${course.id}`, `${nav(script, null)}\n${head}\n${lessonsHeading}\n${rows}\n${panel}`);
}

function player(script: TourScript, content: Extract<TourContent, { kind: 'player' }>): string {
  const { lesson } = content;
  const videoW = 576;
  const videoH = (videoW * 9) / 16;
  const x = (W - videoW) / 2;
  const top = BODY.y + 36 + 14;
  const videoY = top + 58;
  const art = courseArt({ id: content.course.id, title: content.course.title });
  const slide = embed(slideSvg(lesson, 1, art), x, videoY, videoW, videoH);
  const cue = lesson.slides[1]?.cues[0] ?? '';
  const caption = wrapText(cue, { size: 15 }, videoW - 80, 2);
  const captionW = Math.max(...caption.map((line) => textWidth(line, { size: 15 }))) + 24;
  const barY = videoY + videoH - 52;
  const played = 0.3;
  const seconds = 40;
  const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
  const icons = [
    ['1x', 14],
    ['CC', 13],
  ] as const;
  const controls = `${rect(x, barY - 16, videoW, 68, 'fill="#05080f" opacity=".86"')}
${rect(x + 16, barY - 4, videoW - 32, 5, `rx="2.5" fill="#fff" opacity=".3"`)}${rect(x + 16, barY - 4, (videoW - 32) * played, 5, `rx="2.5" fill="${BRAND.accent}"`)}<circle cx="${x + 16 + (videoW - 32) * played}" cy="${barY - 1.5}" r="8" fill="${BRAND.accent}"/>
${rect(x + 20, barY + 16, 5, 18, 'rx="1.5" fill="#fff"')}${rect(x + 31, barY + 16, 5, 18, 'rx="1.5" fill="#fff"')}
<path d="M${x + 56} ${barY + 21}h6l7-6v20l-7-6h-6z" fill="#fff"/><path d="M${x + 74} ${barY + 19}a8 8 0 0 1 0 12" fill="none" stroke="#fff" stroke-width="2"/>
${text(x + 100, barY + 30, `${clock(seconds * played)} / ${clock(seconds)}`, { size: 14, fill: '#fff' })}
${icons.map(([label, size], i) => `${i === 1 ? rect(x + videoW - 150 + i * 44 - 16, barY + 13, 32, 22, `rx="4" fill="none" stroke="${BRAND.accent}" stroke-width="2"`) : ''}${text(x + videoW - 150 + i * 44, barY + 29, label, { size, bold: true, fill: i === 1 ? BRAND.accent : '#fff', anchor: 'middle' })}`).join('')}
<path d="M${x + videoW - 50} ${barY + 20}v-6h6M${x + videoW - 30} ${barY + 14}h6v6M${x + videoW - 24} ${barY + 30}v6h-6M${x + videoW - 44} ${barY + 36}h-6v-6" fill="none" stroke="#fff" stroke-width="2.5"/>`;
  const captionTop = barY - 30 - caption.length * 20;
  const captionBox = `${rect(x + (videoW - captionW) / 2, captionTop, captionW, caption.length * 20 + 10, 'rx="6" fill="#000" opacity=".75"')}
${caption.map((line, i) => text(x + videoW / 2, captionTop + 20 + i * 20, line, { size: 15, fill: '#fff', anchor: 'middle' })).join('')}`;
  const dialog = `${rect(BODY.x, BODY.y + 36, BODY.w, BODY.h - 36, 'fill="#000" opacity=".55"')}
${rect(x - 16, top, videoW + 32, videoH + 72, `rx="14" fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
${text(x, top + 24, `${lesson.courseTitle}  ·  Lesson ${lesson.lessonNumber} of ${lesson.lessonCount}`, { size: 13, fill: BRAND.muted })}
${text(x, top + 46, oneLine(lesson.slides[0]?.content.kind === 'title' ? lesson.slides[0].content.title : '', videoW - 60, { size: 18, bold: true }), { size: 18, bold: true })}
<path d="M${x + videoW - 14} ${top + 22}l14 14M${x + videoW} ${top + 22}l-14 14" stroke="${BRAND.muted}" stroke-width="2.5" stroke-linecap="round"/>
${slide}
${captionBox}
${controls}`;
  const page = `${nav(script, 'Priya Sharma')}
${text(PAGE_LEFT, PAGE_TOP + 60, content.course.title, { size: 30, bold: true })}
${rect(PAGE_LEFT, PAGE_TOP + 100, 600, 300, `rx="10" fill="${BRAND.surface}"`)}`;
  return browser(script, `/course/${content.course.id}?lesson=${lesson.lessonId}`, `${page}\n${dialog}`);
}

function dashboard(script: TourScript, content: Extract<TourContent, { kind: 'dashboard' }>): string {
  const stats = [
    ['Courses Enrolled', String(content.stats.enrolled)],
    ['Time Spent Learning', content.stats.time],
    ['Average Progress', `${content.stats.progress}%`],
    ['Achievements Earned', String(content.stats.achievements)],
  ] as const;
  const gap = 16;
  const statW = (PAGE_WIDTH - gap * 3) / 4;
  const statY = PAGE_TOP + 84;
  const statCards = stats
    .map(([label, value], i) => {
      const x = PAGE_LEFT + i * (statW + gap);
      return `${rect(x, statY, statW, 84, `rx="12" fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
${text(x + 18, statY + 28, label, { size: 14, fill: BRAND.muted })}${text(x + 18, statY + 68, value, { size: 28, bold: true })}<circle cx="${x + statW - 24}" cy="${statY + 24}" r="8" fill="none" stroke="${BRAND.accent}" stroke-width="2"/>`;
    })
    .join('\n');
  const cardW = (PAGE_WIDTH - gap) / 2;
  const cardY = statY + 130;
  const cards = content.courses
    .slice(0, 2)
    .map((entry, i) => {
      const x = PAGE_LEFT + i * (cardW + gap);
      const inner = cardW - 40;
      return `${rect(x, cardY, cardW, 168, `rx="12" fill="${BRAND.surface}" stroke="${BRAND.border}"`)}
${text(x + 20, cardY + 34, oneLine(entry.course.title, inner, { size: 18, bold: true }), { size: 18, bold: true })}
${text(x + 20, cardY + 62, 'Progress', { size: 13, fill: BRAND.muted })}${text(x + 20 + inner, cardY + 62, `${entry.progress}%`, { size: 13, bold: true, anchor: 'end' })}
${rect(x + 20, cardY + 72, inner, 8, `rx="4" fill="${BRAND.surface2}"`)}${rect(x + 20, cardY + 72, (inner * entry.progress) / 100, 8, `rx="4" fill="${BRAND.accent}"`)}
${text(x + 20, cardY + 106, `Time spent  ${entry.time}   ·   Next lesson  ${oneLine(entry.next, inner - 220, { size: 13 })}`, { size: 13, fill: BRAND.muted })}
${button(x + 20, cardY + 120, inner, 34, 'Continue Learning', true, 14)}`;
    })
    .join('\n');
  return browser(
    script,
    '/dashboard',
    `${nav(script, content.learner)}
${text(PAGE_LEFT, PAGE_TOP + 42, `Welcome back, ${content.learner}!`, { size: 28, bold: true })}
${text(PAGE_LEFT, PAGE_TOP + 68, 'Pick up where you left off and keep building your AI engineering skills.', { size: 15, fill: BRAND.muted })}
${statCards}
${text(PAGE_LEFT, cardY - 14, 'My Courses', { size: 20, bold: true })}
${cards}`,
  );
}

function titleSlide(content: Extract<TourContent, { kind: 'title' }>): string {
  const tagline = wrapText(content.tagline, { size: 32 }, 640, 3);
  // The first courses' thumbnails, fanned out on the right.
  const fan = content.courses
    .slice(0, 3)
    .reverse()
    .map((course, i, all) => {
      const step = all.length - 1 - i;
      return `<g transform="rotate(${(-8 + step * 8).toFixed(1)} 1000 330)">${rect(812, 226 - step * 10 + 8, 380, 214, 'rx="16" fill="#000" opacity=".45"')}${thumbnail(course, 810, 220 - step * 10, 380, 14)}</g>`;
    })
    .join('\n');
  return `${fan}
${mark(120, 170, 112)}
${text(120, 380, content.productName, { size: 92, bold: true })}
${lines(120, 446, tagline, 1.3, { size: 32, fill: BRAND.muted })}
${rect(120, 500 + (tagline.length - 1) * 42, 230, 44, `rx="22" fill="${BRAND.accent}" fill-opacity=".12" stroke="${BRAND.accent}" stroke-opacity=".6"`)}
${text(235, 529 + (tagline.length - 1) * 42, 'A SHORT TOUR', { size: 17, bold: true, fill: BRAND.accent, anchor: 'middle', spacing: 3 })}`;
}

function spotlightSlide(content: Extract<TourContent, { kind: 'spotlight' }>): string {
  const { course } = content;
  const art = courseArt(course);
  const width = 540;
  const title = fitText(course.title, [48, 42, 36], width, 2, true);
  let y = 190 + title.size * 0.2;
  const parts = [lines(120, y, title.lines, 1.12, { size: title.size, bold: true })];
  y += (title.lines.length - 1) * title.size * 1.12 + 30;
  const color = DIFFICULTY[course.difficulty] ?? BRAND.accent;
  const meta = `${course.lessonCount} lessons  ·  ${printedPrice(course.price)}  ·  ★ ${course.rating}`;
  parts.push(badge(120, y, course.difficulty, color, 15));
  parts.push(
    text(120 + textWidth(course.difficulty, { size: 15, bold: true }) + 40, y + 20, meta, {
      size: 20,
      fill: BRAND.fg,
    }),
  );
  y += 78;
  const description = wrapText(content.description, { size: 22 }, width, 3);
  parts.push(lines(120, y, description, 1.4, { size: 22, fill: BRAND.muted }));
  y += description.length * 22 * 1.4 + 26;
  parts.push(text(120, y, 'FIRST LESSONS', { size: 14, bold: true, fill: art.palette.hue, spacing: 2 }));
  for (const [i, lesson] of content.lessons.entries()) {
    const rowY = y + 38 + i * 36;
    parts.push(
      `<circle cx="132" cy="${rowY - 6}" r="12" fill="${art.palette.hue}" fill-opacity=".18"/>${text(132, rowY, String(i + 1), { size: 14, bold: true, fill: art.palette.hue, anchor: 'middle' })}`,
      text(156, rowY, oneLine(lesson, width - 40, { size: 19 }), { size: 19 }),
    );
  }
  const thumbW = 460;
  return `${drawTexture(art.texture, art.palette, W, H)}
<circle cx="930" cy="330" r="300" fill="${art.palette.hue}" opacity=".07"/>
${rect(700 - 4, 150 + 8, thumbW + 8, (thumbW * 9) / 16, `rx="18" fill="#000" opacity=".4"`)}
${thumbnail(course, 700, 150, thumbW, 16)}
${rect(700, 150, thumbW, (thumbW * 9) / 16, `rx="16" fill="none" stroke="${art.palette.hue}" stroke-opacity=".5" stroke-width="2"`)}
${text(700, 444, `with ${content.instructor}`, { size: 20, fill: BRAND.muted })}
${parts.join('\n')}`;
}

function startSlide(content: Extract<TourContent, { kind: 'start' }>): string {
  const cardW = 300;
  const gap = 40;
  const shown = content.courses.slice(0, 3);
  const left = (W - (shown.length * cardW + (shown.length - 1) * gap)) / 2;
  const cards = shown
    .map((course, i) => {
      const x = left + i * (cardW + gap);
      return `${thumbnail(course, x, 330, cardW, 12)}
${text(x + cardW / 2, 540, oneLine(course.title, cardW, { size: 18, bold: true }), { size: 18, bold: true, anchor: 'middle' })}
${text(x + cardW / 2, 566, `${course.difficulty}  ·  ${printedPrice(course.price)}`, { size: 15, fill: BRAND.muted, anchor: 'middle' })}`;
    })
    .join('\n');
  return `${text(W / 2, 150, 'Start learning today', { size: 56, bold: true, anchor: 'middle' })}
${button(W / 2 - 290, 196, 270, 54, 'Sign in with Google', true, 19)}${button(W / 2 + 20, 196, 270, 54, 'Sign in with GitHub', false, 19)}
${text(W / 2, 300, content.free > 0 ? `${content.free} FREE COURSES TO BEGIN WITH` : 'COURSES TO BEGIN WITH', { size: 15, bold: true, fill: BRAND.accent, anchor: 'middle', spacing: 3 })}
${cards}`;
}

/** The line being said, printed at the bottom of the frame as subtitles are. */
function subtitle(line: string): string {
  const size = 28;
  const wrapped = wrapText(line, { size }, 1040, 2);
  const width = Math.max(...wrapped.map((l) => textWidth(l, { size }))) + 44;
  const height = wrapped.length * size * 1.3 + 22;
  const top = H - 14 - height;
  return `${rect((W - width) / 2, top, width, height, 'rx="10" fill="#000" opacity=".72"')}
${wrapped.map((l, i) => text(W / 2, top + 11 + size * 0.98 + i * size * 1.3, l, { size, fill: '#fff', anchor: 'middle' })).join('')}`;
}

/** One frame of the tour: `slide` with `line` (what is being said) printed at the bottom, or nothing printed. */
export function tourFrameSvg(script: TourScript, slide: TourSlide, line: string | null): string {
  clipCount = 0;
  const { content } = slide;
  let body: string;
  switch (content.kind) {
    case 'title':
      body = titleSlide(content);
      break;
    case 'spotlight':
      body = spotlightSlide(content);
      break;
    case 'catalogue':
      body = catalogue(script, content);
      break;
    case 'course':
      body = coursePage(script, content);
      break;
    case 'player':
      body = player(script, content);
      break;
    case 'dashboard':
      body = dashboard(script, content);
      break;
    case 'start':
      body = startSlide(content);
      break;
  }
  const header =
    content.kind === 'title' || content.kind === 'spotlight' || content.kind === 'start'
      ? content.kind === 'spotlight'
        ? text(120, 112, slide.label.toUpperCase(), { size: 17, bold: true, fill: BRAND.accent, spacing: 3 })
        : ''
      : `${text(120, 62, slide.label.toUpperCase(), { size: 16, bold: true, fill: BRAND.accent, spacing: 3 })}
${text(120, 102, slide.heading, { size: 34, bold: true })}`;
  const brand =
    content.kind === 'title'
      ? ''
      : `${mark(W - 120 - textWidth(script.productName, { size: 20, bold: true }) - 42, 44, 30)}${text(W - 120, 66, script.productName, { size: 20, bold: true, anchor: 'end' })}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.bg}"/><stop offset="1" stop-color="${BRAND.surface}"/></linearGradient>
<radialGradient id="glow" cx="1" cy="0" r="0.9"><stop offset="0" stop-color="${BRAND.accent}" stop-opacity=".16"/><stop offset="1" stop-color="${BRAND.accent}" stop-opacity="0"/></radialGradient></defs>
${rect(0, 0, W, H, 'fill="url(#bg)"')}${rect(0, 0, W, H, 'fill="url(#glow)"')}
${body}
${header}
${brand}
${line ? subtitle(line) : ''}
</svg>
`;
}
