// The catalogue module's public surface: what other modules may use.

export { resourcesOfLessons } from './lesson-resources.ts';
export { formatDuration } from './queries.ts';
export { catalogueRoutes } from './routes.ts';
