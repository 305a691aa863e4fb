/**
 * Query keys that more than one feature uses: the catalogue reads courses, and enrolling, paying and finishing
 * a free lesson invalidate them; the dashboard reads the learner's figures, which enrolling, paying and watching
 * change. Kept here so features need not import each other.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  featured: () => [...catalogueKeys.all, 'featured'] as const,
  stats: () => [...catalogueKeys.all, 'stats'] as const,
  /** A page of the catalogue; searched or filtered, the filters (a plain object of strings) join the key. */
  page: (page: number, size: number, filters?: Readonly<Record<string, string>>) =>
    filters && Object.keys(filters).length > 0
      ? ([...catalogueKeys.all, 'courses', page, size, filters] as const)
      : ([...catalogueKeys.all, 'courses', page, size] as const),
  suggestions: (q: string) => [...catalogueKeys.all, 'suggestions', q] as const,
  course: (id: string) => [...catalogueKeys.all, 'course', id] as const,
  reviews: (id: string, size: number) => [...catalogueKeys.all, 'course', id, 'reviews', size] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  learner: (userId: string) => [...dashboardKeys.all, userId] as const,
};
