import type { AccessType, AdminLearner } from '@kaushal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useGrantAccess } from '../api/admin-learners';
import { useCourseChoices } from '../api/course-choices';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { accessLabel, GRANT_CHOICES } from '../lib/learners';
import type { Outcome } from '../lib/refunds';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

type GrantField = 'course' | 'accessType' | 'reason';
const API_FIELDS = { courseId: 'course', accessType: 'accessType', reason: 'reason' } as const;
// Refusals about the course go next to the course.
const CODE_FIELDS = {
  course_not_found: 'course',
  course_not_published: 'course',
  access_already_lifetime: 'course',
} as const;
/** The contract's limit (learners.ts ACCESS_REASON_LIMIT), repeated so the console does not load the schemas. */
const REASON_LIMIT = 1000;

/**
 * Giving a learner access to a published course by hand: the course, lifetime or a week, and a reason for the
 * audit log (required). The learner is emailed; the reason is not in the email.
 */
export function GrantAccessDialog({
  learner,
  open,
  onClose,
  onOutcome,
}: {
  learner: AdminLearner;
  open: boolean;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const grant = useGrantAccess(learner.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || grant.isPending) return;
        grant.reset();
        onClose();
      }}
    >
      {open && <GrantForm learner={learner} grant={grant} onClose={onClose} onOutcome={onOutcome} />}
    </Dialog>
  );
}

function GrantForm({
  learner,
  grant,
  onClose,
  onOutcome,
}: {
  learner: AdminLearner;
  grant: ReturnType<typeof useGrantAccess>;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const courses = useCourseChoices();
  const published = courses.data?.filter((course) => course.status === 'published') ?? [];
  const [courseId, setCourseId] = useState('');
  const [accessType, setAccessType] = useState<AccessType>('permanent');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors<GrantField>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors<GrantField>['fields'] = {};
    if (!courseId) fields.course = 'Choose a course.';
    if (!reason.trim()) fields.reason = 'Give a reason for the audit log.';
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, stale: false });
      return;
    }
    setErrors(noFormErrors);
    grant.mutate(
      { courseId, accessType, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          const enrollment = updated.enrollments.find((e) => e.courseId === courseId);
          const title = enrollment?.courseTitle ?? published.find((c) => c.id === courseId)?.title ?? courseId;
          const access = enrollment ? accessLabel(enrollment).toLowerCase() : 'access';
          onOutcome({
            kind: 'done',
            text: `Access granted: ${learner.name} has ${title} (${access}). They are emailed a link to the course.`,
          });
          onClose();
        },
        onError: (error) => setErrors(formErrorsFrom(error, API_FIELDS, CODE_FIELDS)),
      },
    );
  };

  return (
    <DialogContent
      onEscapeKeyDown={(e) => grant.isPending && e.preventDefault()}
      onPointerDownOutside={(e) => grant.isPending && e.preventDefault()}
    >
      <DialogTitle>Grant access to a course</DialogTitle>
      <DialogDescription>
        {learner.name} ({learner.email}) can then open every lesson. They are emailed a link to the course; your reason
        stays in the audit log. No refund takes a granted access back.
      </DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label="Course" required error={errors.fields.course} hint="Published courses only.">
          {(control) => (
            <Select
              {...control}
              value={courseId}
              onChange={(e) => setCourseId(e.target.value)}
              disabled={!courses.data}
            >
              <option value="">
                {courses.isError ? 'Could not load the courses' : courses.data ? 'Choose a course' : 'Loading courses…'}
              </option>
              {published.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Access" required error={errors.fields.accessType}>
          {(control) => (
            <Select {...control} value={accessType} onChange={(e) => setAccessType(e.target.value as AccessType)}>
              {GRANT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Reason"
          required
          hint="Recorded in the audit log, not sent to the learner."
          error={errors.fields.reason}
          limit={REASON_LIMIT}
          count={reason.length}
        >
          {(control) => <Textarea {...control} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {courses.isError && (
          <ErrorAlert onRetry={() => courses.refetch()}>The course list could not be loaded.</ErrorAlert>
        )}
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <FormActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={grant.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant access'}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
