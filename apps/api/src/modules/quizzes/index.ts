// The quizzes module's public surface: what the composition root and other modules may use.
export { quizRoutes } from './routes.ts';
export { type QuizStanding, quizStandings } from './standings.ts';
