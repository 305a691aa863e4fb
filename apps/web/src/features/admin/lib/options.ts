import type { AccessType, CourseStatus, Difficulty } from '@kaushal/contract';

// The contract's enums as plain lists: importing its schemas would load zod into the console for a few words.
export const DIFFICULTIES: readonly Difficulty[] = ['Beginner', 'Intermediate', 'Advanced'];
export const COURSE_STATUSES: readonly CourseStatus[] = ['draft', 'published', 'unpublished'];
export const ACCESS_TYPES: Record<AccessType, string> = {
  permanent: 'Permanent (lifetime access)',
  weekly: 'Weekly (7 days from payment)',
};
export const COURSE_SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'title', label: 'Title (A to Z)' },
  { value: 'students', label: 'Most students' },
] as const;
export type CourseSort = (typeof COURSE_SORTS)[number]['value'];

/** A course id from its title: lower-case letters, digits and dashes (the API's slug rule), at most 100. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
