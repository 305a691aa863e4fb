import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { certificates } from '../../db/schema.ts';

/**
 * A full refund of the course takes the certificate back, in the refund's transaction: its page then says
 * revoked, and since when. The row stays (the link may be on a CV); a second refund event changes nothing.
 */
export async function revokeCertificate(
  tx: Tx,
  input: { userId: string; courseId: string; reason: 'refund'; now: Date },
): Promise<boolean> {
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(certificates.userId, input.userId),
        eq(certificates.courseId, input.courseId),
        isNull(certificates.revokedAt),
      ),
    )
    .returning({ id: certificates.id });
  return revoked.length > 0;
}

/**
 * Account deletion, in its transaction: the learner's certificates become tombstones (name cleared, deletion
 * time set; the user id is cleared by the foreign key when the user row goes). Their pages then say the
 * certificate no longer exists, rather than that it never did, and no personal data is left on them.
 */
export async function tombstoneCertificates(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(certificates)
    .set({ learnerName: null, deletedAt: now })
    .where(and(eq(certificates.userId, userId), isNull(certificates.deletedAt)));
}
