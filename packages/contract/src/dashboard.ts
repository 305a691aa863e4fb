import { z } from 'zod';

export const achievementIconSchema = z.enum(['Award', 'Clock', 'TrendingUp', 'BookOpen']);

export const dashboardEnrollmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  progress: z.number().int().min(0).max(100),
  timeSpent: z.string(),
  nextLesson: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type DashboardEnrollment = z.infer<typeof dashboardEnrollmentSchema>;

export const dashboardMetricsSchema = z.object({
  coursesEnrolled: z.number().int(),
  timeSpentLearning: z.string(),
  averageProgress: z.number().int(),
  achievementsEarned: z.number().int(),
});

export const achievementSchema = z.object({
  title: z.string(),
  description: z.string(),
  icon: achievementIconSchema,
  earned: z.boolean(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const dashboardSchema = z.object({
  enrollments: z.array(dashboardEnrollmentSchema),
  metrics: dashboardMetricsSchema,
  achievements: z.array(achievementSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
