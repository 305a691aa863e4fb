/**
 * Query keys that more than one feature uses: the catalogue reads courses, and enrolling, paying and finishing
 * a free lesson invalidate them; the dashboard reads the learner's figures, which enrolling, paying and watching
 * change. Kept here so features need not import each other.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  featured: () => [...catalogueKeys.all, 'featured'] as const,
  stats: () => [...catalogueKeys.all, 'stats'] as const,
  page: (page: number, size: number) => [...catalogueKeys.all, 'courses', page, size] as const,
  course: (id: string) => [...catalogueKeys.all, 'course', id] as const,
  reviews: (id: string, size: number) => [...catalogueKeys.all, 'course', id, 'reviews', size] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  learner: (userId: string) => [...dashboardKeys.all, userId] as const,
};
