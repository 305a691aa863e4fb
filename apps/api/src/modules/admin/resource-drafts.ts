import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lessonResources } from '../../db/schema.ts';

/**
 * Lesson resources follow their lesson into a draft (decision 021): the draft's lessons get copies (new ids,
 * the same stored files), staff edit those, and Publish gives the published lesson the draft's list.
 */

/** Copies the resources of the published lessons to their draft copies (`copyOf`: published id → draft id). */
export async function copyResourcesToDraft(tx: Tx, copyOf: ReadonlyMap<string, string>): Promise<void> {
  if (copyOf.size === 0) return;
  const rows = await tx
    .select()
    .from(lessonResources)
    .where(inArray(lessonResources.lessonId, [...copyOf.keys()]));
  if (rows.length === 0) return;
  await tx
    .insert(lessonResources)
    .values(rows.map(({ id: _id, lessonId, ...r }) => ({ ...r, lessonId: copyOf.get(lessonId) as string })));
}

/**
 * The published lesson takes its draft copy's resources: its own go and the draft's move over, keeping the ids
 * the console showed. The files stay in the media store (a learner may be downloading one).
 */
export async function publishDraftResources(tx: Tx, draftLessonId: string, publishedLessonId: string): Promise<void> {
  await tx.delete(lessonResources).where(eq(lessonResources.lessonId, publishedLessonId));
  await tx
    .update(lessonResources)
    .set({ lessonId: publishedLessonId })
    .where(eq(lessonResources.lessonId, draftLessonId));
}
