// The learning module's public surface: what the composition root and other modules may use.
export { EventWriter } from './event-ingest.ts';
export { learningRoutes } from './routes.ts';
