export { coursesPageQuery, featuredCoursesQuery, statsQuery } from './api/catalogue-queries';
export { CourseCard, CourseCardSkeleton } from './components/course-card';
export { LoadError } from './components/load-error';
export { PricingTierList } from './components/pricing-tier-list';
export { ACCESS_MESSAGES, MONEY_BACK_GUARANTEE } from './lib/access-messages';
export { defaultTierId, isLessonUnlocked, isPricingVisible, lessonGate } from './lib/course-access';
