import type { GradedQuestion, QuizAttemptBody } from '@kaushal/contract';
import type { QuizQuestion } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

export interface Grade {
  correctCount: number;
  questionCount: number;
  scorePercent: number;
  passed: boolean;
  questions: GradedQuestion[];
}

type Answers = QuizAttemptBody['answers'];

/**
 * Refuses (400) answers that do not fit this quiz: an id that is not one of its questions, a question left
 * unanswered, a number for a choice question or options for a numeric one, an option the question does not offer,
 * an option chosen twice, more than one option for a single-choice question.
 */
export function checkAnswers(questions: readonly QuizQuestion[], answers: Answers): void {
  const ids = new Set(questions.map((question) => question.id));
  // Questions are named by their number: an answer never echoes what was sent.
  if (Object.keys(answers).some((id) => !ids.has(id))) {
    throw badRequest('An answer names a question this quiz does not have.', 'unknown_question');
  }
  questions.forEach((question, i) => {
    const name = `Question ${i + 1}`;
    // Own keys only: a question id such as "constructor" must not find Object.prototype's.
    const given = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (given === undefined) throw badRequest('Please answer every question.', 'unanswered_question');
    if (question.kind === 'numeric') {
      if (typeof given !== 'number') throw badRequest(`${name} takes a number.`, 'wrong_answer_type');
      return;
    }
    if (!Array.isArray(given)) throw badRequest(`${name} takes one or more of its options.`, 'wrong_answer_type');
    if (given.length === 0) throw badRequest('Please answer every question.', 'unanswered_question');
    const offered = new Set(question.options.map((option) => option.id));
    if (given.some((id) => !offered.has(id))) throw badRequest(`${name} has no such option.`, 'unknown_option');
    if (new Set(given).size !== given.length) throw badRequest(`${name} has an option chosen twice.`, 'bad_answer');
    if (question.kind === 'single' && given.length !== 1) {
      throw badRequest(`${name} takes exactly one option.`, 'bad_answer');
    }
  });
}

/** Floating-point slack, so an answer exactly at the tolerance's edge (0.5 ± 0.01 → 0.51) counts as right. */
const EPSILON = 1e-9;

/** Whether one answer is right: single and multiple need exactly the right set, numeric a value within tolerance. */
export function isCorrect(question: QuizQuestion, given: string[] | number): boolean {
  if (question.kind === 'numeric') {
    return typeof given === 'number' && Math.abs(given - question.answer) <= question.tolerance + EPSILON;
  }
  if (!Array.isArray(given)) return false;
  const right = new Set(question.correctOptionIds);
  return given.length === right.size && given.every((id) => right.has(id));
}

/** Grades answers already checked by `checkAnswers`: the score is the percent of questions right, rounded down. */
export function grade(questions: readonly QuizQuestion[], answers: Answers, passPercent: number): Grade {
  const graded = questions.map((question): GradedQuestion => {
    const given = answers[question.id] ?? [];
    const correct = isCorrect(question, given);
    if (question.kind === 'numeric') {
      return {
        id: question.id,
        kind: 'numeric',
        correct,
        given: typeof given === 'number' ? given : Number.NaN,
        answer: question.answer,
        tolerance: question.tolerance,
        explanation: question.explanation,
      };
    }
    return {
      id: question.id,
      kind: question.kind,
      correct,
      given: Array.isArray(given) ? given : [],
      correctOptionIds: question.correctOptionIds,
      explanation: question.explanation,
    };
  });
  const correctCount = graded.filter((question) => question.correct).length;
  const questionCount = questions.length;
  // Rounded down: 2 of 3 is 66%, which does not pass a 67% mark.
  const scorePercent = questionCount === 0 ? 0 : Math.floor((correctCount * 100) / questionCount);
  return { correctCount, questionCount, scorePercent, passed: scorePercent >= passPercent, questions: graded };
}
