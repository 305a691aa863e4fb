export { featuredCoursesQuery, statsQuery } from './api/catalogue-queries';
export { CourseCard, CourseCardSkeleton } from './components/course-card';
export { LoadError } from './components/load-error';
