import type { AdminLearner, AdminLearnerEnrollment } from '@kaushal/contract';
import { useRevokeAccess } from '../api/admin-learners';
import { SOURCE_LABELS } from '../lib/learners';
import type { Outcome } from '../lib/refunds';
import { ReasonDialog } from './reason-dialog';

/**
 * Ending a learner's enrollment, asked first with the reason the audit log keeps (required). Whatever gave the
 * access (free, bought, granted) it ends; orders and certificates stay as they are, and no email is sent.
 */
export function RevokeAccessDialog({
  learner,
  enrollment,
  onClose,
  onOutcome,
}: {
  learner: AdminLearner;
  enrollment: AdminLearnerEnrollment | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const revoke = useRevokeAccess(learner.id);
  return (
    <ReasonDialog
      request={
        enrollment && {
          key: enrollment.courseId,
          title: `Revoke access to ${enrollment.courseTitle}?`,
          description: `${learner.name} can no longer open the course's paid lessons, however the access was gained (here: ${SOURCE_LABELS[enrollment.source].toLowerCase()}). Orders are not refunded, certificates stay, and no email is sent.`,
          label: 'Reason',
          hint: 'Recorded in the audit log.',
          missing: 'Give a reason for the audit log.',
          submitLabel: 'Revoke access',
          pendingLabel: 'Revoking…',
        }
      }
      pending={revoke.isPending}
      onDismiss={() => {
        revoke.reset();
        onClose();
      }}
      onSubmit={(reason, fail) => {
        if (!enrollment) return;
        revoke.mutate(
          { courseId: enrollment.courseId, reason },
          {
            onSuccess: () => {
              onOutcome({
                kind: 'done',
                text: `Access revoked: ${learner.name} can no longer open ${enrollment.courseTitle}.`,
              });
              onClose();
            },
            onError: fail,
          },
        );
      }}
    />
  );
}
