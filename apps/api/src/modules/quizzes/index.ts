// The quizzes module's public surface: what the composition root and other modules may use.
export { type QuizStanding, quizStandings } from './standings.ts';
