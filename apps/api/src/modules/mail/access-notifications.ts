import type { Tx } from '../../db/client.ts';
import type { Outbox, QueueOutcome } from './outbox.ts';
import { accessGrantMail } from './templates/access-grant.ts';

/**
 * Staff gave a learner access to a course (the console): the learner is told, in the grant's transaction.
 * Each grant is a fact of its own (a second week granted is a second message), so there is no dedupe key.
 */
export async function queueAccessGrant(
  tx: Tx,
  outbox: Outbox,
  input: {
    learner: { id: string; name: string; email: string };
    course: { id: string; title: string };
    accessUntil: Date | null;
    now: Date;
  },
): Promise<QueueOutcome> {
  return outbox.queue(tx, {
    kind: 'access_grant',
    userId: input.learner.id,
    to: { name: input.learner.name, address: input.learner.email },
    mail: (language) =>
      accessGrantMail(
        outbox.context,
        {
          learnerName: input.learner.name,
          courseId: input.course.id,
          courseTitle: input.course.title,
          accessUntil: input.accessUntil,
        },
        language,
      ),
    now: input.now,
  });
}
