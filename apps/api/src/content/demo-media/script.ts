/**
 * The script of a narrated demo lesson, written from the lesson's own title and description and its place in
 * the course: a title slide and three content slides (overview, key ideas, an exercise and what comes next). Each
 * slide carries what it shows and what is said over it, one caption cue per spoken chunk. Pure: the same
 * course file always gives the same script, which is what the cache key hashes.
 */

export interface ScriptCourse {
  id: string;
  title: string;
  instructor: string;
  lessons: ReadonlyArray<{ id: string; title: string; description: string }>;
}

export type SlideContent =
  | { kind: 'title'; title: string; instructor: string }
  | { kind: 'overview'; heading: string; text: string }
  | { kind: 'ideas'; heading: string; ideas: string[] }
  | {
      kind: 'practice';
      heading: string;
      task: string;
      /** The next lesson, or null after the last one. */
      next: { number: number; title: string } | null;
    };

export interface ScriptSlide {
  content: SlideContent;
  /** What is said over the slide, in order: one caption cue each. */
  cues: string[];
}

export interface LessonScript {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonNumber: number;
  lessonCount: number;
  slides: ScriptSlide[];
}

/** A caption cue holds at most this many characters (two lines of about 42). */
export const MAX_CUE_CHARS = 84;

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Lower-cases the first letter for use mid-sentence, unless the word looks like a name or acronym (NumPy, JSON, U-Net). */
function midSentence(text: string): string {
  const first = (text.split(/\s/)[0] ?? '').replace(/[,.;:!?]+$/, '');
  return /^[A-Z][a-z']*$/.test(first) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words that start a new clause after ' and ' ("... and read its confusion matrix", "... and how to tune"). */
const CLAUSE_START =
  /^(how|what|why|when|where|which|who|the|a|an|its|their|your|[a-z]{3,}ing|read|export|align|measure|cite|push|track|set|query|turn|find|write|compare|choose|run|build|serve|deploy|check|test|add|keep|spot|define|replay|log|watch|pick|fit|evaluate|explain|train|use|see|learn|tune|merge|store|load|parse|catch|roll|sample|label|derive|install|put|combine|index|retrieve|capture|scale|collect|clean)\b/;

/**
 * The key ideas of a description: its comma, semicolon and colon separated parts, each split again where
 * ' and ' starts a new clause. A list written "A, B and C" gives C too (the part ending a run of short items is
 * split at its first ' and ', so "between CPU and GPU" further on stays whole). More than four parts are
 * joined, shortest neighbours first.
 */
export function keyIdeas(description: string): string[] {
  const text = description.trim().replace(/[.!?]+$/, '');
  let parts = text
    .split(/\s*[;:]\s+|,\s+/)
    .map((p) => p.replace(/^(and|then|or|with|plus)\s+/i, '').trim())
    .filter((p) => p.length > 1);
  const words = (p: string) => p.split(/\s+/).length;
  parts = parts.flatMap((part) => {
    const found = [...part.matchAll(/ and /g)]
      .map((m) => m.index ?? 0)
      .find((at) => CLAUSE_START.test(part.slice(at + 5)) && words(part.slice(0, at)) >= 2);
    return found === undefined ? [part] : [part.slice(0, found), part.slice(found + 5)];
  });
  // "A, B and C": the first part after a run of short items, split at its first ' and '.
  const listEnd = parts.findIndex((p, i) => i > 0 && words(p) > 3);
  const item = listEnd > 0 ? parts[listEnd] : parts.length > 1 ? parts[parts.length - 1] : undefined;
  const at = item?.indexOf(' and ') ?? -1;
  if (item && at > 0 && words(item.slice(0, at)) <= 3) {
    const index = parts.indexOf(item);
    parts = [...parts.slice(0, index), item.slice(0, at), item.slice(at + 5), ...parts.slice(index + 1)];
  }
  while (parts.length > 4) {
    let best = 0;
    const size = (i: number) => (parts[i]?.length ?? 0) + (parts[i + 1]?.length ?? 0);
    for (let i = 1; i < parts.length - 1; i++) if (size(i) < size(best)) best = i;
    parts = [...parts.slice(0, best), `${parts[best]}, ${parts[best + 1]}`, ...parts.slice(best + 2)];
  }
  if (parts.length === 0) parts = [text];
  return parts.map(capitalise);
}

/**
 * Splits a sentence into caption cues of at most `max` characters: at the punctuation nearest the middle
 * when both halves fit, else at the space nearest the middle.
 */
export function splitCue(text: string, max = MAX_CUE_CHARS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean ? [clean] : [];
  const middle = clean.length / 2;
  const candidates = (pattern: RegExp) =>
    [...clean.matchAll(pattern)]
      .map((m) => (m.index ?? 0) + m[0].length)
      .filter((at) => at > 0 && at < clean.length)
      .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
  const at = candidates(/[,;:]\s/g).find((i) => i <= max + 1 && clean.length - i <= max) ?? candidates(/\s/g)[0] ?? max;
  return [...splitCue(clean.slice(0, at), max), ...splitCue(clean.slice(at), max)];
}

const NUMBERS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four' };

const ORDINALS: Record<number, string[]> = {
  1: ['The key idea'],
  2: ['First', 'And then'],
  3: ['First', 'Second', 'And finally'],
  4: ['First', 'Second', 'Third', 'And finally'],
};

/** The script of lesson `index` (0-based) of `course`. */
export function lessonScript(course: ScriptCourse, index: number): LessonScript {
  const lesson = course.lessons[index];
  if (!lesson) throw new Error(`${course.id} has no lesson ${index}`);
  const number = index + 1;
  const count = course.lessons.length;
  const next = course.lessons[index + 1];
  const ideas = keyIdeas(lesson.description || lesson.title);
  const ordinals = ORDINALS[ideas.length] ?? ORDINALS[4] ?? [];
  const overview = lesson.description.trim() || lesson.title;

  const slides: ScriptSlide[] = [
    {
      content: { kind: 'title', title: lesson.title, instructor: course.instructor },
      cues: [sentence(course.title), sentence(`Lesson ${number}: ${lesson.title}`)],
    },
    {
      content: { kind: 'overview', heading: 'In this lesson', text: sentence(overview) },
      cues: splitCue(`In this lesson: ${midSentence(sentence(overview))}`),
    },
    {
      content: { kind: 'ideas', heading: 'Key ideas', ideas },
      cues: [
        ideas.length > 1 ? `There are ${NUMBERS[ideas.length]} ideas to take away.` : 'There is one idea to take away.',
        ...ideas.flatMap((idea, i) =>
          splitCue(sentence(`${ordinals[i] ?? 'Next'}, ${midSentence(idea)}`).replace(/^The key idea, /, 'It is: ')),
        ),
      ],
    },
    {
      content: {
        kind: 'practice',
        heading: 'Your turn',
        task: 'Pause the video. For each key idea, write one sentence on where you would use it in your own work.',
        next: next ? { number: number + 1, title: next.title } : null,
      },
      cues: [
        'Your turn. Pause the video.',
        'For each key idea, write one sentence on where you would use it in your own work.',
        ...(next
          ? splitCue(sentence(`Next up, lesson ${number + 1}: ${next.title}`))
          : splitCue(sentence(`That was the final lesson of ${course.title}. Congratulations`))),
      ],
    },
  ];
  return {
    courseId: course.id,
    courseTitle: course.title,
    lessonId: lesson.id,
    lessonNumber: number,
    lessonCount: count,
    slides,
  };
}
