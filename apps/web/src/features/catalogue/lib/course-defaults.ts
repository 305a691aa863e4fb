import { site } from '@/lib/site';

/** Spec section 3 defaults for values a course may leave empty. */
export const DEFAULT_DURATION = '10 hours';
export const DEFAULT_STUDENTS = 1000;
export const DEFAULT_RATING = 4.8;
export const fallbackInstructor = () => `${site.productName} AI Expert`;

export const instructorOf = (instructor: string) => instructor.trim() || fallbackInstructor();
export const durationOf = (duration: string) => duration.trim() || DEFAULT_DURATION;
export const studentsOf = (students: number | null | undefined) => (students ? students : DEFAULT_STUDENTS);
export const ratingOf = (rating: number | null | undefined) => (rating ? rating : DEFAULT_RATING);
