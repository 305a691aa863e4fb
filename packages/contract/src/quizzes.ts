import { z } from 'zod';
import { slugSchema } from './common.ts';

/** The most questions a quiz holds, and options a choice question offers: the limits authoring and grading share. */
export const QUIZ_LIMITS = { questions: 50, options: 10, prompt: 1000, option: 500, explanation: 2000 } as const;

/** A question's or an option's id inside its quiz: short letters, digits, `_` and `-` ("q1", "a"). */
export const quizItemIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -');

/** Authored text: trimmed, within its limit, without a NUL (which no database text holds). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain a NUL character');

export const quizOptionSchema = z.object({
  id: quizItemIdSchema,
  text: text(QUIZ_LIMITS.option),
});

const choiceKindSchema = z.enum(['single', 'multiple']);

/** A question as authored, with its answer (the console and content files; never sent to a learner before grading). */
export const authoredQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    id: quizItemIdSchema,
    kind: choiceKindSchema,
    prompt: text(QUIZ_LIMITS.prompt),
    options: z.array(quizOptionSchema).min(2, 'a choice question needs at least two options').max(QUIZ_LIMITS.options),
    correctOptionIds: z.array(quizItemIdSchema).min(1, 'mark at least one option right').max(QUIZ_LIMITS.options),
    explanation: text(QUIZ_LIMITS.explanation),
  }),
  z.object({
    id: quizItemIdSchema,
    kind: z.literal('numeric'),
    prompt: text(QUIZ_LIMITS.prompt),
    answer: z.number().min(-1e12).max(1e12),
    tolerance: z.number().min(0).max(1e12).default(0),
    explanation: text(QUIZ_LIMITS.explanation),
  }),
]);
export type AuthoredQuestion = z.output<typeof authoredQuestionSchema>;

interface IssueSink {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void;
}

/**
 * The checks one question list must pass beyond its shape: question ids unique; in a choice question option ids
 * unique, the right ones among its options, listed once, and exactly one for a single-choice question.
 */
export function checkQuestions(questions: readonly AuthoredQuestion[], ctx: IssueSink, at: PropertyKey[] = []): void {
  const questionIds = new Set<string>();
  questions.forEach((question, i) => {
    if (questionIds.has(question.id)) {
      ctx.addIssue({ code: 'custom', path: [...at, i, 'id'], message: 'another question has this id' });
    }
    questionIds.add(question.id);
    if (question.kind === 'numeric') return;
    const optionIds = new Set<string>();
    question.options.forEach((option, j) => {
      if (optionIds.has(option.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [...at, i, 'options', j, 'id'],
          message: 'another option of this question has this id',
        });
      }
      optionIds.add(option.id);
    });
    const correct = new Set(question.correctOptionIds);
    if (correct.size !== question.correctOptionIds.length) {
      ctx.addIssue({ code: 'custom', path: [...at, i, 'correctOptionIds'], message: 'a right option is listed twice' });
    }
    if ([...correct].some((id) => !optionIds.has(id))) {
      // The id itself is not repeated: the answer never echoes what was sent.
      ctx.addIssue({
        code: 'custom',
        path: [...at, i, 'correctOptionIds'],
        message: "a right option is not one of the question's options",
      });
    }
    if (question.kind === 'single' && correct.size !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [...at, i, 'correctOptionIds'],
        message: 'a single-choice question has exactly one right option',
      });
    }
  });
}

export const authoredQuestionsSchema = z
  .array(authoredQuestionSchema)
  .min(1, 'a quiz needs at least one question')
  .max(QUIZ_LIMITS.questions)
  .superRefine((questions, ctx) => checkQuestions(questions, ctx));

export const passPercentSchema = z.number().int().min(1).max(100);

/** A question as a learner sees it before answering: no right options, no numeric answer, no explanation. */
export const quizQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: choiceKindSchema,
    prompt: z.string(),
    options: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  z.object({ id: z.string(), kind: z.literal('numeric'), prompt: z.string() }),
]);
export type QuizQuestionView = z.infer<typeof quizQuestionSchema>;

/** The signed-in learner's record at a quiz (best score kept over unlimited attempts). */
export const quizStandingSchema = z.object({
  /** Null before the first attempt. */
  bestPercent: z.number().int().min(0).max(100).nullable(),
  passed: z.boolean(),
  attempts: z.number().int().min(0),
});
export type QuizStandingView = z.infer<typeof quizStandingSchema>;

/** A quiz on the course page: where it sits and what it takes, with the learner's standing (null for a visitor). */
export const quizSummarySchema = z.object({
  id: z.string(),
  courseId: z.string(),
  sectionId: z.string(),
  sectionTitle: z.string(),
  title: z.string(),
  passPercent: z.number().int(),
  questionCount: z.number().int(),
  standing: quizStandingSchema.nullable(),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** A quiz to take: its questions without their answers, and the learner's standing. */
export const quizSchema = quizSummarySchema.extend({
  /** The page's eyebrow: most courses are one section (named "Lessons"), so the section title alone says little. */
  courseTitle: z.string(),
  questions: z.array(quizQuestionSchema),
  standing: quizStandingSchema,
});
export type Quiz = z.infer<typeof quizSchema>;

export const quizParamsSchema = z.object({ id: slugSchema });

/** One answer: the chosen option ids (one for a single-choice question), or the number given. */
export const quizAnswerSchema = z.union([z.array(quizItemIdSchema).max(QUIZ_LIMITS.options), z.number()]);

/**
 * An attempt: an answer for every question of the quiz by question id. The shape is checked here; that the ids are
 * the quiz's own and each answer fits its question's kind is checked against the quiz (400 otherwise).
 */
export const quizAttemptBodySchema = z.strictObject({
  answers: z
    .record(quizItemIdSchema, quizAnswerSchema)
    .refine((answers) => Object.keys(answers).length > 0, { message: 'answer every question' })
    .refine((answers) => Object.keys(answers).length <= QUIZ_LIMITS.questions, { message: 'too many answers' }),
});
export type QuizAttemptBody = z.infer<typeof quizAttemptBodySchema>;

/** One graded question: whether the answer was right, what was right, and why. */
export const gradedQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: choiceKindSchema,
    correct: z.boolean(),
    given: z.array(z.string()),
    correctOptionIds: z.array(z.string()),
    explanation: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('numeric'),
    correct: z.boolean(),
    given: z.number(),
    answer: z.number(),
    tolerance: z.number(),
    explanation: z.string(),
  }),
]);
export type GradedQuestion = z.infer<typeof gradedQuestionSchema>;

/** A graded attempt, and the learner's standing after it. */
export const quizResultSchema = z.object({
  quizId: z.string(),
  scorePercent: z.number().int().min(0).max(100),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  passPercent: z.number().int(),
  passed: z.boolean(),
  standing: quizStandingSchema,
  questions: z.array(gradedQuestionSchema),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** A quiz as the console edits it: with its answers, on a section named by the id the console knows it by. */
export const adminQuizSchema = z.object({
  id: z.string(),
  sectionId: z.string(),
  title: z.string(),
  passPercent: z.number().int(),
  questions: z.array(authoredQuestionSchema),
  /** Learners have attempted it (the published quiz): it can be edited, not removed. */
  attempted: z.boolean(),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

export const quizSectionParamsSchema = z.object({ id: slugSchema, sectionId: slugSchema });

/** Create or replace a section's quiz, at the course version the editor saw. */
export const adminQuizBodySchema = z.strictObject({
  version: z.number().int().min(1),
  title: text(200),
  passPercent: passPercentSchema,
  questions: authoredQuestionsSchema,
});
export type AdminQuizBody = z.infer<typeof adminQuizBodySchema>;
