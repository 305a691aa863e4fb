import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '@kaushal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The learner's full settings: each stored key that is still valid, over the defaults. A key stored by an
 * older version with a value this one no longer accepts falls back to its default instead of failing.
 */
export function resolveSettings(stored: Record<string, unknown>): Settings {
  const valid = Object.fromEntries(
    Object.entries(settingsSchema.shape).flatMap(([key, schema]) => {
      const parsed = schema.safeParse(stored[key]);
      return parsed.success ? [[key, parsed.data]] : [];
    }),
  );
  return settingsSchema.parse({ ...DEFAULT_SETTINGS, ...valid });
}

/**
 * Merges validated keys into the stored settings in one statement (jsonb `||`), so two saves at once (the
 * settings page and the player's speed) each keep their own keys instead of overwriting each other.
 */
export async function mergeSettings(db: Db, userId: string, patch: Partial<Settings>, now: Date): Promise<Settings> {
  const [row] = await db
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ settings: users.settings });
  if (!row) throw notFound('This account no longer exists.', 'account_not_found');
  return resolveSettings(row.settings);
}
