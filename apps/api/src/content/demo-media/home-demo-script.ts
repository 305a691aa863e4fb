/**
 * The script of the home page's demo video: a narrated tour of the product made from the catalogue's own
 * courses. Three parts, timed to how the home page plays it (from 35 s, looping back to 35 s after 80 s, see
 * apps/web/src/features/marketing/lib/demo-loop.ts): an introduction (0–35 s: the product and a featured
 * course), the tour the home page loops (35–80 s: the catalogue, a course page, the lesson player, the
 * dashboard), and a close (80 s on: another course and how to start). Pure: the same catalogue always gives
 * the same script, which is what the cache key hashes.
 */
import type { CourseFile } from '../schema.ts';
import { type LessonScript, lessonScript, splitCue } from './script.ts';

/** The home page plays the video from LOOP_START and jumps back there at LOOP_END (the web app's DEMO_LOOP_*). */
export const LOOP_START = 35;
export const LOOP_END = 80;
/** The video lasts at least this long (whole seconds), past the loop's end. */
export const MIN_SECONDS = 90;

export interface CourseCard {
  id: string;
  title: string;
  difficulty: string;
  price: number;
  lessonCount: number;
  students: number;
  rating: number;
}

export type TourContent =
  | { kind: 'title'; productName: string; tagline: string; courses: CourseCard[] }
  | { kind: 'spotlight'; course: CourseCard; description: string; instructor: string; lessons: string[] }
  | { kind: 'catalogue'; courses: CourseCard[]; total: number }
  | {
      kind: 'course';
      course: CourseCard;
      description: string;
      lessons: Array<{ title: string; free: boolean }>;
    }
  | { kind: 'player'; course: CourseCard; lesson: LessonScript }
  | {
      kind: 'dashboard';
      learner: string;
      stats: { enrolled: number; time: string; progress: number; achievements: number };
      courses: Array<{ course: CourseCard; progress: number; time: string; next: string }>;
    }
  | { kind: 'start'; free: number; courses: CourseCard[] };

/** A line of narration: one caption cue. An `extra` line is left out when its part of the video runs long. */
export interface TourLine {
  text: string;
  extra: boolean;
}

export interface TourSlide {
  content: TourContent;
  /** The small label and the heading above the slide's picture (none on the title slide). */
  label: string;
  heading: string;
  lines: TourLine[];
  /** Left out (with its narration) when its part of the video has no room for it. */
  optional: boolean;
}

export interface TourSection {
  /** Where the section starts (seconds), and where the next one starts; null for the last one. */
  start: number;
  end: number | null;
  slides: TourSlide[];
}

export interface TourScript {
  productName: string;
  /** The host shown in the drawn browser's address bar. */
  host: string;
  sections: TourSection[];
}

const card = (course: CourseFile): CourseCard => ({
  id: course.id,
  title: course.title,
  difficulty: course.difficulty,
  price: course.price,
  lessonCount: course.lessons.length,
  students: course.students,
  rating: course.rating,
});

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** The first sentence of a text (up to the first full stop followed by a space or the end). */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text.trim());
  return sentence(match ? match[0] : text);
}

/** "2,999 rupees", as the narration says a price (the slides print ₹2,999). */
const spokenPrice = (price: number) => (price === 0 ? 'free' : `${price.toLocaleString('en-IN')} rupees`);
export const printedPrice = (price: number) => (price === 0 ? 'Free' : `₹${price.toLocaleString('en-IN')}`);

const lines = (texts: string[], extra = false): TourLine[] =>
  texts.flatMap((text) => splitCue(text)).map((text) => ({ text, extra }));

const WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
/** A count as the narration starts a sentence with it: "Three", "15". */
const countWord = (count: number) => {
  const word = WORDS[count] ?? String(count);
  return word.charAt(0).toUpperCase() + word.slice(1);
};
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function spotlight(course: CourseFile, optional: boolean): TourSlide {
  return {
    content: {
      kind: 'spotlight',
      course: card(course),
      description: firstSentence(course.description),
      instructor: course.instructor,
      lessons: course.lessons.slice(0, 3).map((l) => l.title),
    },
    label: course.featured ? 'Featured course' : 'Course',
    heading: course.title,
    lines: [
      ...lines([sentence(course.title)]),
      ...lines([
        sentence(
          `${plural(course.lessons.length, 'lesson')}, ${course.difficulty.toLowerCase()} level, ${spokenPrice(course.price)}`,
        ),
      ]),
      ...lines([firstSentence(course.description)], true),
    ],
    optional,
  };
}

/**
 * The tour of a catalogue: its published courses, featured ones first. Needs at least one course; a free one
 * is shown in the course page and the player, else the first.
 */
export function homeDemoScript(
  courses: readonly CourseFile[],
  site: { productName: string; tagline: string; supportEmail?: string },
): TourScript {
  const published = courses
    .filter((c) => c.published)
    .sort((a, b) => Number(b.featured) - Number(a.featured) || a.sortOrder - b.sortOrder);
  const first = published[0];
  if (!first) throw new Error('the home demo needs at least one published course');
  const free = published.filter((c) => c.price === 0);
  const shown = free[0] ?? first;
  const others = published.filter((c) => c !== shown);
  const pick = (i: number) => others[i % Math.max(1, others.length)] ?? shown;
  const second = published.find((c) => c !== shown && c.price === 0) ?? pick(1);
  const host = site.supportEmail?.split('@')[1] ?? 'localhost';
  const freeLessons = shown.lessons.filter((l) => l.isFree).length;

  const title: TourSlide = {
    content: {
      kind: 'title',
      productName: site.productName,
      tagline: site.tagline,
      courses: published.slice(0, 3).map(card),
    },
    label: '',
    heading: '',
    lines: [
      ...lines([`Welcome to ${site.productName}.`, sentence(site.tagline)]),
      ...lines(['Here is a short tour.'], true),
    ],
    optional: false,
  };
  const catalogue: TourSlide = {
    content: { kind: 'catalogue', courses: published.slice(0, 8).map(card), total: published.length },
    label: 'Courses',
    heading: `${plural(published.length, 'course')} on AI engineering`,
    lines: [
      ...lines([`Browse ${plural(published.length, 'course')}, from beginner to advanced.`]),
      ...lines(
        [
          free.length > 0
            ? `${free.length === 1 ? 'One is' : `${countWord(free.length)} are`} free, and paid ones show their price in rupees.`
            : 'Each one shows its price in rupees.',
        ],
        true,
      ),
    ],
    optional: false,
  };
  const coursePage: TourSlide = {
    content: {
      kind: 'course',
      course: card(shown),
      description: shown.description,
      lessons: shown.lessons.map((l) => ({ title: l.title, free: l.isFree })),
    },
    label: 'Course page',
    heading: 'Every lesson, listed before you enroll',
    lines: [
      ...lines(['Each course page lists its lessons.']),
      ...lines([
        sentence(
          `${shown.title}: ${plural(shown.lessons.length, 'lesson')}, ${shown.price === 0 ? 'free to enroll' : `${freeLessons} of them free to try`}`,
        ),
      ]),
    ],
    optional: false,
  };
  const player: TourSlide = {
    content: { kind: 'player', course: card(shown), lesson: lessonScript(shown, 0) },
    label: 'Lesson player',
    heading: 'Pick up where you stopped',
    lines: [
      ...lines(['Lessons play in a player that remembers where you stopped,', 'with captions and playback speed.']),
      ...lines(['Keyboard shortcuts work too.'], true),
    ],
    optional: false,
  };
  // A sample learner two thirds through the course shown, and one lesson into another.
  const done = Math.min(shown.lessons.length - 1, Math.max(1, Math.round((shown.lessons.length * 2) / 3)));
  const started = [
    { course: shown, done, time: 48 },
    { course: second, done: Math.min(1, second.lessons.length - 1), time: 24 },
  ].map(({ course, done, time }) => ({
    course: card(course),
    progress: Math.round((done / course.lessons.length) * 100),
    time: `${time}m`,
    next: course.lessons[done]?.title ?? course.title,
  }));
  const dashboard: TourSlide = {
    content: {
      kind: 'dashboard',
      learner: 'Priya Sharma',
      stats: {
        enrolled: started.length,
        time: '1h 12m',
        progress: Math.round(started.reduce((sum, c) => sum + c.progress, 0) / started.length),
        achievements: 3,
      },
      courses: started,
    },
    label: 'Dashboard',
    heading: 'Your progress at a glance',
    lines: [
      ...lines(['Your dashboard shows your progress, the time you spent,', 'and the next lesson to watch.']),
      ...lines(['And the achievements you earn on the way.'], true),
    ],
    optional: false,
  };
  const start: TourSlide = {
    content: { kind: 'start', free: free.length, courses: (free.length > 0 ? free : published).slice(0, 3).map(card) },
    label: '',
    heading: 'Start learning today',
    lines: [
      ...lines([
        'Sign in with Google or GitHub,',
        free.length > 0
          ? `and start with ${free.length === 1 ? 'the free course' : `one of the ${free.length} free courses`}.`
          : 'and enroll in your first course.',
      ]),
      ...lines([`${site.productName}. Thanks for watching.`], true),
    ],
    optional: false,
  };

  return {
    productName: site.productName,
    host,
    sections: [
      { start: 0, end: LOOP_START, slides: [title, spotlight(pick(0), false), spotlight(pick(1), true)] },
      { start: LOOP_START, end: LOOP_END, slides: [catalogue, coursePage, player, dashboard] },
      { start: LOOP_END, end: null, slides: [spotlight(pick(2), false), start] },
    ],
  };
}

/** Silence before a slide's first line, between lines and after its last one (seconds); frames a second. */
export interface TourTiming {
  lead: number;
  gap: number;
  tail: number;
  fps: number;
}
export const TOUR_TIMING: Readonly<TourTiming> = { lead: 0.6, gap: 0.4, tail: 0.8, fps: 2 };

export interface LaidOutCue {
  text: string;
  start: number;
  end: number;
  /** The line's place in `tourLines(script)`: which stretch of speech it is. */
  line: number;
}

export interface LaidOutSlide {
  slide: TourSlide;
  section: number;
  start: number;
  end: number;
  cues: LaidOutCue[];
}

export interface TourLayout {
  slides: LaidOutSlide[];
  /** The video's length: whole seconds. */
  seconds: number;
}

/** Every line of the script in order (sections, slides, lines): what is spoken, in one run. */
export const tourLines = (script: TourScript): TourLine[] =>
  script.sections.flatMap((section) => section.slides.flatMap((slide) => slide.lines));

/**
 * Lays the tour out on the timeline from how long each line takes to say (`speech`, in `tourLines` order):
 * each section starts at its start, with its slides evenly stretched to fill it up to the next section's
 * start; a section that would run past it first drops its extra lines (last slide first), then its optional
 * slides. Slides and cues start on whole frames, the video ends on a whole second at MIN_SECONDS at least.
 */
export function layOutTour(
  script: TourScript,
  speech: readonly number[],
  timing: Readonly<TourTiming> = TOUR_TIMING,
): TourLayout {
  const frame = 1 / timing.fps;
  const ceilFrame = (t: number) => Math.ceil(t / frame - 1e-9) * frame;
  const floorFrame = (t: number) => Math.floor(t / frame + 1e-9) * frame;
  const slides: LaidOutSlide[] = [];
  let cursor = 0;
  let index = 0;
  for (const [sectionIndex, section] of script.sections.entries()) {
    // Each line's stretch of speech: its index in tourLines order.
    const kept = section.slides.map((slide) => ({
      slide,
      lines: slide.lines.map((line) => ({ line, at: index++ })),
    }));
    const lengthOf = (entry: (typeof kept)[number]) => {
      let t = timing.lead;
      for (const [i, { at }] of entry.lines.entries()) {
        if (i > 0) t += timing.gap;
        t = ceilFrame(t) + (speech[at] ?? 0);
      }
      return ceilFrame(t + timing.tail);
    };
    const start = Math.max(section.start, cursor);
    const room = section.end === null ? Number.POSITIVE_INFINITY : section.end - start;
    const total = () => kept.reduce((sum, entry) => sum + lengthOf(entry), 0);
    while (total() > room + 1e-9) {
      const withExtra = [...kept].reverse().find((entry) => entry.lines.some(({ line }) => line.extra));
      if (withExtra) {
        const last = withExtra.lines.map(({ line }) => line.extra).lastIndexOf(true);
        withExtra.lines.splice(last, 1);
        continue;
      }
      const optional = kept.map((entry) => entry.slide.optional).lastIndexOf(true);
      if (optional < 0) break;
      kept.splice(optional, 1);
    }
    const fits = total() <= room + 1e-9;
    // The room left is shared out in whole frames; the last slide ends where the next section starts.
    const each = fits && Number.isFinite(room) ? floorFrame((room - total()) / Math.max(1, kept.length)) : 0;
    let t = start;
    for (const [i, entry] of kept.entries()) {
      const slideStart = t;
      const cues: LaidOutCue[] = [];
      let at: number = timing.lead;
      for (const [j, { line, at: lineIndex }] of entry.lines.entries()) {
        if (j > 0) at += timing.gap;
        at = ceilFrame(at);
        const length = speech[lineIndex] ?? 0;
        cues.push({ text: line.text, start: slideStart + at, end: slideStart + at + length, line: lineIndex });
        at += length;
      }
      const last = i === kept.length - 1;
      const end = last && fits && section.end !== null ? section.end : slideStart + lengthOf(entry) + each;
      slides.push({ slide: entry.slide, section: sectionIndex, start: slideStart, end, cues });
      t = end;
    }
    cursor = t;
  }
  const seconds = Math.max(MIN_SECONDS, Math.ceil(cursor - 1e-9));
  const lastSlide = slides.at(-1);
  if (lastSlide) lastSlide.end = seconds;
  return { slides, seconds };
}
