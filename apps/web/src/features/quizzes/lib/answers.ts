import type { QuizAttemptBody, QuizQuestionView } from '@kaushal/contract';
import { t } from '@/lib/i18n/i18n';

/** What the form holds per question: the chosen option ids, or the text typed for a number. */
export type Draft = Record<string, string[] | string>;

/** A typed number as the learner may write it: "0.5", " 0,5 ", "-2", "1e-3". Null when it is not one. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export interface DraftCheck {
  /** The answers to send, when every question has one. */
  answers: QuizAttemptBody['answers'] | null;
  /** Question id → what is missing or wrong, in question order. */
  problems: Map<string, string>;
}

/** Checks the form before sending: every question answered, every number a number (the server checks again). */
export function checkDraft(questions: readonly QuizQuestionView[], draft: Draft): DraftCheck {
  const answers: QuizAttemptBody['answers'] = {};
  const problems = new Map<string, string>();
  for (const question of questions) {
    const value = draft[question.id];
    if (question.kind === 'numeric') {
      const text = typeof value === 'string' ? value : '';
      const number = parseNumber(text);
      if (number === null) problems.set(question.id, text.trim() ? t('Enter a number.') : t('Enter your answer.'));
      else answers[question.id] = number;
      continue;
    }
    const chosen = Array.isArray(value) ? value : [];
    if (chosen.length === 0) {
      problems.set(question.id, question.kind === 'single' ? t('Choose an answer.') : t('Choose at least one answer.'));
    } else answers[question.id] = chosen;
  }
  return { answers: problems.size === 0 ? answers : null, problems };
}

/** "Best 80% · Passed", "Best 40%", or null before any attempt. */
export function standingLabel(standing: { bestPercent: number | null; passed: boolean } | null): string | null {
  if (!standing || standing.bestPercent === null) return null;
  const best = t('Best {percent}%', { percent: standing.bestPercent });
  return standing.passed ? `${best} · ${t('Passed')}` : best;
}
