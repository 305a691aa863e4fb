import { z } from 'zod';
import { hasVisibleCharacter, visibleLength } from './text.ts';
import { LANGUAGES, NAME_MAX_CHARACTERS, THEMES } from './values.ts';

/** A learner's full name: trimmed, 1 to 80 visible characters, on one line. */
export const nameSchema = z
  .string()
  // A bound on raw size before the costlier checks; 80 visible characters fit well inside it.
  .max(1000, 'Name must be at most 80 characters.')
  .transform((name) => name.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .refine(hasVisibleCharacter, 'Name is required.')
      .refine((name) => !/\p{Cc}/u.test(name), 'Name must be on one line, without control characters.')
      .refine(
        (name) => visibleLength(name) <= NAME_MAX_CHARACTERS,
        `Name must be at most ${NAME_MAX_CHARACTERS} characters.`,
      ),
  );

export const updateProfileBodySchema = z.object({ name: nameSchema }).strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;
export const languageSchema = z.enum(LANGUAGES);

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
