import type { AdminQuiz, AdminQuizBody } from '@kaushal/contract';

/** The quiz editor's state: numbers as typed, so a half-written "0." stays what it is until saved. */
export interface EditorQuestion {
  /** React's key: stable while the question moves. */
  key: string;
  id: string;
  kind: 'single' | 'multiple' | 'numeric';
  prompt: string;
  options: Array<{ id: string; text: string }>;
  correct: string[];
  answer: string;
  tolerance: string;
  explanation: string;
}

export interface EditorQuiz {
  title: string;
  passPercent: string;
  questions: EditorQuestion[];
}

let keys = 0;
const nextKey = () => `question-${++keys}`;

/** The first of q1, q2, … (or a, b, … for options) not taken yet. */
function freeId(taken: readonly string[], make: (n: number) => string): string {
  for (let n = 0; ; n += 1) {
    const id = make(n);
    if (!taken.includes(id)) return id;
  }
}
const optionId = (n: number) => (n < 26 ? String.fromCharCode(97 + n) : `o${n}`);

export function newQuestion(existing: readonly EditorQuestion[]): EditorQuestion {
  return {
    key: nextKey(),
    id: freeId(
      existing.map((q) => q.id),
      (n) => `q${n + 1}`,
    ),
    kind: 'single',
    prompt: '',
    options: [
      { id: 'a', text: '' },
      { id: 'b', text: '' },
    ],
    correct: [],
    answer: '',
    tolerance: '0',
    explanation: '',
  };
}

export function newOption(question: EditorQuestion): { id: string; text: string } {
  return {
    id: freeId(
      question.options.map((o) => o.id),
      optionId,
    ),
    text: '',
  };
}

export function editorFrom(quiz: AdminQuiz | undefined, sectionTitle: string): EditorQuiz {
  if (!quiz)
    return { title: `Check your understanding: ${sectionTitle}`, passPercent: '70', questions: [newQuestion([])] };
  return {
    title: quiz.title,
    passPercent: String(quiz.passPercent),
    questions: quiz.questions.map((q) =>
      q.kind === 'numeric'
        ? {
            key: nextKey(),
            id: q.id,
            kind: 'numeric',
            prompt: q.prompt,
            options: [],
            correct: [],
            answer: String(q.answer),
            tolerance: String(q.tolerance),
            explanation: q.explanation,
          }
        : {
            key: nextKey(),
            id: q.id,
            kind: q.kind,
            prompt: q.prompt,
            options: q.options.map((o) => ({ ...o })),
            correct: [...q.correctOptionIds],
            answer: '',
            tolerance: '0',
            explanation: q.explanation,
          },
    ),
  };
}

/** Moves the question at `index` by `step` (-1 up, 1 down); the same list when it cannot move. */
export function moveQuestion(questions: EditorQuestion[], index: number, step: -1 | 1): EditorQuestion[] {
  const to = index + step;
  if (to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

const number = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

export type EditorProblems = Map<string, string>;

/**
 * The body to save, or what to fix first: problems keyed 'title', 'passPercent' or a question's key, each a
 * sentence (the API checks the same again: content/schema and the console share the contract's rules).
 */
export function quizBody(
  quiz: EditorQuiz,
  version: number,
): { body: AdminQuizBody; problems: null } | { body: null; problems: EditorProblems } {
  const problems: EditorProblems = new Map();
  const title = quiz.title.trim();
  if (!title) problems.set('title', 'Give the quiz a title.');
  const passPercent = number(quiz.passPercent);
  if (passPercent === null || !Number.isInteger(passPercent) || passPercent < 1 || passPercent > 100) {
    problems.set('passPercent', 'The pass mark is a whole percent from 1 to 100.');
  }
  if (quiz.questions.length === 0) problems.set('questions', 'Add at least one question.');
  const questions: AdminQuizBody['questions'] = [];
  quiz.questions.forEach((q, i) => {
    const problem = (message: string) => problems.has(q.key) || problems.set(q.key, `Question ${i + 1}: ${message}`);
    if (!q.prompt.trim()) problem('write the question.');
    if (!q.explanation.trim()) problem('explain the answer (learners see it after answering).');
    if (q.kind === 'numeric') {
      const answer = number(q.answer);
      const tolerance = number(q.tolerance || '0');
      if (answer === null) problem('the answer must be a number.');
      if (tolerance === null || tolerance < 0) problem('the tolerance must be a number, 0 or more.');
      questions.push({
        id: q.id,
        kind: 'numeric',
        prompt: q.prompt.trim(),
        answer: answer ?? 0,
        tolerance: tolerance ?? 0,
        explanation: q.explanation.trim(),
      });
      return;
    }
    const options = q.options.map((o) => ({ id: o.id, text: o.text.trim() }));
    if (options.length < 2) problem('give at least two options.');
    if (options.some((o) => !o.text)) problem('every option needs its text.');
    const correct = q.correct.filter((id) => options.some((o) => o.id === id));
    if (correct.length === 0) problem('mark the right option.');
    if (q.kind === 'single' && correct.length > 1) problem('a single-choice question has exactly one right option.');
    questions.push({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt.trim(),
      options,
      correctOptionIds: correct,
      explanation: q.explanation.trim(),
    });
  });
  if (problems.size > 0) return { body: null, problems };
  return { body: { version, title, passPercent: passPercent ?? 70, questions }, problems: null };
}
