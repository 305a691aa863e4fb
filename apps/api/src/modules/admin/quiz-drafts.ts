import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quizAttempts, quizzes } from '../../db/schema.ts';

/**
 * Section quizzes follow their sections into a draft (decision 021): the draft's sections get copies of the
 * published quizzes, staff edit those, and Publish updates each published quiz in place (its id, and so its
 * learners' attempts, stay), moves quizzes new in the draft over, and removes the ones the draft removed unless
 * learners attempted them meanwhile.
 */

/** Copies the course's quizzes onto the draft's sections (`sectionCopy`: published section id → draft's). */
export async function copyQuizzesToDraft(
  tx: Tx,
  courseId: string,
  draftId: string,
  sectionCopy: ReadonlyMap<string, string>,
): Promise<void> {
  const rows = await tx.select().from(quizzes).where(eq(quizzes.courseId, courseId));
  const copies = rows.flatMap((quiz, i) => {
    const sectionId = sectionCopy.get(quiz.sectionId);
    return sectionId ? [{ ...quiz, id: `${draftId}-q${i + 1}`, courseId: draftId, sectionId }] : [];
  });
  if (copies.length > 0) await tx.insert(quizzes).values(copies);
}

/** Publish: the draft's quizzes become the course's (`liveSection`: draft section id → the course's). */
export async function publishDraftQuizzes(
  tx: Tx,
  courseId: string,
  draftId: string,
  liveSection: ReadonlyMap<string, string>,
): Promise<void> {
  const [drafted, live] = await Promise.all([
    tx.select().from(quizzes).where(eq(quizzes.courseId, draftId)),
    tx.select().from(quizzes).where(eq(quizzes.courseId, courseId)),
  ]);
  const liveBySection = new Map(live.map((quiz) => [quiz.sectionId, quiz]));
  const kept: string[] = [];
  for (const quiz of drafted) {
    const sectionId = liveSection.get(quiz.sectionId) ?? quiz.sectionId;
    const published = liveBySection.get(sectionId);
    if (published) {
      await tx
        .update(quizzes)
        .set({ title: quiz.title, passPercent: quiz.passPercent, questions: quiz.questions, updatedAt: quiz.updatedAt })
        .where(eq(quizzes.id, published.id));
      kept.push(published.id);
    } else {
      await tx.update(quizzes).set({ courseId, sectionId }).where(eq(quizzes.id, quiz.id));
      kept.push(quiz.id);
    }
  }
  const attempted = tx.select({ quizId: quizAttempts.quizId }).from(quizAttempts);
  await tx
    .delete(quizzes)
    .where(
      and(eq(quizzes.courseId, courseId), notInArray(quizzes.id, [...kept, '']), notInArray(quizzes.id, attempted)),
    );
}

/** Published quizzes of the course that learners attempted, by section id. */
export async function attemptedSections(tx: Tx, courseId: string, sectionIds: string[]): Promise<Set<string>> {
  if (sectionIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ sectionId: quizzes.sectionId })
    .from(quizzes)
    .innerJoin(quizAttempts, eq(quizAttempts.quizId, quizzes.id))
    .where(and(eq(quizzes.courseId, courseId), inArray(quizzes.sectionId, sectionIds)));
  return new Set(rows.map((row) => row.sectionId));
}
