import { z } from 'zod';
import { NOTE_LIMITS } from './note-limits.ts';
import { hasVisibleCharacter, visibleLength } from './text.ts';
import { MAX_POSITION_SECONDS } from './values.ts';

/**
 * A learner's private notes and bookmarks on a lesson, each at a second of its video (issue 18). A note has text;
 * a bookmark marks a moment, with an optional short label.
 */
export const noteKindSchema = z.enum(['note', 'bookmark']);
export type NoteKind = z.infer<typeof noteKindSchema>;

/** A bound on raw size before the costlier checks: 2,000 visible characters fit well inside it. */
const RAW_MAX = 10_000;
/** Control characters other than tab and line breaks (NUL among them, which no database text can hold). */
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** A note's text: trimmed, 1 to 2,000 visible characters; line breaks and tabs allowed, other control characters not. */
export const noteTextSchema = z
  .string()
  .max(RAW_MAX, `A note can be at most ${NOTE_LIMITS.body.toLocaleString('en')} characters.`)
  .transform((text) => text.normalize('NFC').replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .refine(hasVisibleCharacter, 'Write something in the note.')
      .refine((text) => !CONTROL_EXCEPT_LINES.test(text), 'A note cannot hold control characters.')
      .refine(
        (text) => visibleLength(text) <= NOTE_LIMITS.body,
        `A note can be at most ${NOTE_LIMITS.body.toLocaleString('en')} characters.`,
      ),
  );

/** A bookmark's label: optional (blank means none), trimmed, on one line, at most 120 visible characters. */
export const bookmarkLabelSchema = z
  .string()
  .max(1000, `A bookmark's label can be at most ${NOTE_LIMITS.label} characters.`)
  .transform((text) => text.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .refine((text) => !/\p{Cc}/u.test(text), "A bookmark's label must be on one line, without control characters.")
      .refine(
        (text) => visibleLength(text) <= NOTE_LIMITS.label,
        `A bookmark's label can be at most ${NOTE_LIMITS.label} characters.`,
      )
      .transform((text) => (hasVisibleCharacter(text) ? text : '')),
  );

/** The second of the video, in whole seconds; the API also refuses one past the lesson's duration. */
export const noteSecondsSchema = z.number().int().min(0).max(MAX_POSITION_SECONDS);

export const noteSchema = z.object({
  id: z.uuid(),
  lessonId: z.string(),
  courseId: z.string(),
  kind: noteKindSchema,
  atSeconds: z.number().int(),
  /** A note's text, or a bookmark's label ('' for none). */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A learner's notes and bookmarks in one course: in lesson order, then by second, then oldest first. */
export const noteListSchema = z.array(noteSchema);

export const createNoteBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('note'), atSeconds: noteSecondsSchema, body: noteTextSchema }).strict(),
  z
    .object({ kind: z.literal('bookmark'), atSeconds: noteSecondsSchema, body: bookmarkLabelSchema.optional() })
    .strict(),
]);
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;

/**
 * A new text for a note, or a new label for a bookmark. Which rules apply depends on the kind of what is edited,
 * which the API checks (a note's text or a bookmark's label, as above); here only its raw size.
 */
export const updateNoteBodySchema = z
  .object({
    body: z.string().max(RAW_MAX, `A note can be at most ${NOTE_LIMITS.body.toLocaleString('en')} characters.`),
  })
  .strict();
export type UpdateNoteBody = z.input<typeof updateNoteBodySchema>;

export const noteParamsSchema = z.object({ id: z.uuid('Not a note id.') });
