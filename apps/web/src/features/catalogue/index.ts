export { coursesPageQuery, featuredCoursesQuery, statsQuery } from './api/catalogue-queries';
export { CourseCard, CourseCardSkeleton } from './components/course-card';
export { LoadError } from './components/load-error';
export { PricingTierList } from './components/pricing-tier-list';
export { defaultTierId, isLessonUnlocked, isPricingVisible } from './lib/course-access';
