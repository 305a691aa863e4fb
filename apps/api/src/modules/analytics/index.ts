// The analytics module's public surface: the console's analytics, the course-page visit beacon, and the job that
// rolls video events up for them (decision 026).

export { pruneRolledUpEvents, rollUpVideoEvents } from './rollup.ts';
export { ANALYTICS_QUEUE, analyticsJobs, analyticsRoutes, flushCoursePageVisits } from './routes.ts';
