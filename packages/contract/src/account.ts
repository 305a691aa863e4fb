import { z } from 'zod';

export const updateProfileBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(80, 'Name must be at most 80 characters.'),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const themeSchema = z.enum(['dark', 'light', 'auto']);
export type Theme = z.infer<typeof themeSchema>;
export const languageSchema = z.enum(['en', 'es', 'fr', 'de']);

export const settingsSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  courseReminders: z.boolean(),
  theme: themeSchema,
  language: languageSchema,
  autoDownloadVideos: z.boolean(),
  /** Remembered playback speed of the video player. */
  playbackRate: z.number().min(0.5).max(2),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  emailNotifications: true,
  pushNotifications: false,
  courseReminders: true,
  theme: 'dark',
  language: 'en',
  autoDownloadVideos: false,
  playbackRate: 1,
};

export const updateSettingsBodySchema = settingsSchema.partial().strict();
