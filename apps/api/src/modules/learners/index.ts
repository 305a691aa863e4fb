// The learners module's public surface: the console's learner search, learner page and access grants (issue 20).
export { learnerRoutes } from './routes.ts';
