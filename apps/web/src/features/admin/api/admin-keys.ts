/** The console's query keys: every console read sits under ['admin'], so signing out or a role change can drop them all. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  courses: () => [...adminKeys.all, 'courses'] as const,
  courseList: (query: object) => [...adminKeys.courses(), 'list', query] as const,
  course: (id: string) => [...adminKeys.courses(), 'detail', id] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: object) => [...adminKeys.users(), query] as const,
  auditAll: () => [...adminKeys.all, 'audit'] as const,
  audit: (query: object) => [...adminKeys.auditAll(), query] as const,
  emails: (query: object) => [...adminKeys.all, 'emails', query] as const,
};
