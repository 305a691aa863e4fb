// The learning module's public surface: what the composition root and other modules may use.
export { EventWriter } from './event-ingest.ts';
export {
  ENROLLMENT_REQUIRED,
  findPlayableLesson,
  LESSON_NOT_FOUND,
  type LessonRow,
  type PlayableLesson,
} from './lesson-access.ts';
export { ProgressWriter } from './progress-writer.ts';
export { learningRoutes } from './routes.ts';
