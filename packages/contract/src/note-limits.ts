/**
 * A learner's notes and bookmarks in the player: a note's text, a bookmark's optional label (characters as a
 * reader counts them, see text.ts), and how many notes and bookmarks one learner may keep on one lesson.
 * A module of its own, without zod, rather than values.ts: values.ts is part of the home page's JavaScript, and
 * nothing of the notes is (decision 008's budget).
 */
export const NOTE_LIMITS = { body: 2000, label: 120, perLesson: 500 } as const;
