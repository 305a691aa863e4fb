import type { AdminCourseDetail } from '@kaushal/contract';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Link } from '@/lib/router';
import { useAdminUsers } from '../api/admin-users';
import { useSetInstructors } from '../api/set-instructors';
import { errorMessage } from '../lib/form-errors';
import { ApiErrorAlert } from './api-error-alert';
import { ConsoleCard } from './console-card';
import { ConsoleStatus } from './console-status';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

/** Who authors the course (admin): chosen among the users holding the instructor role. */
export function InstructorsCard({ course, onReload }: { course: AdminCourseDetail; onReload: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConsoleCard id="instructors-title" title="Instructors">
      <p className="text-sm text-muted">Instructors can edit this course in the console.</p>
      {course.instructors.length === 0 ? (
        <p className="text-sm">No instructor is assigned.</p>
      ) : (
        <ul className="space-y-2">
          {course.instructors.map((person) => (
            <li key={person.id} className="text-sm">
              <span className="font-semibold">{person.name}</span>
              <span className="block break-all text-muted">{person.email}</span>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="secondary" size="sm">
            <Users aria-hidden="true" />
            Choose instructors
          </Button>
        </DialogTrigger>
        {open && <InstructorsForm course={course} onDone={() => setOpen(false)} onReload={onReload} />}
      </Dialog>
    </ConsoleCard>
  );
}

function InstructorsForm({
  course,
  onDone,
  onReload,
}: {
  course: AdminCourseDetail;
  onDone: () => void;
  onReload: () => void;
}) {
  const candidates = useAdminUsers({ role: 'instructor', page: 1, size: 100 });
  const [chosen, setChosen] = useState(() => new Set(course.instructors.map((person) => person.id)));
  const save = useSetInstructors(course.id);

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ version: course.version, userIds: [...chosen] }, { onSuccess: onDone });
  };

  return (
    <DialogContent>
      <DialogTitle>Instructors of {course.title}</DialogTitle>
      <DialogDescription>Users with the instructor role. Give the role on People and roles.</DialogDescription>
      {candidates.isError ? (
        <ErrorAlert onRetry={() => candidates.refetch()}>{errorMessage(candidates.error)}</ErrorAlert>
      ) : !candidates.data ? (
        <ConsoleStatus>Loading instructors…</ConsoleStatus>
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit}>
          {candidates.data.items.length === 0 ? (
            <p className="text-sm">
              No one holds the instructor role yet.{' '}
              <Link to="/admin/people" className="text-accent underline underline-offset-4">
                Give someone the role
              </Link>
              .
            </p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">Instructors</legend>
              {candidates.data.items.map((person) => (
                <label
                  key={person.id}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-2"
                >
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-accent"
                    checked={chosen.has(person.id)}
                    onChange={(e) => toggle(person.id, e.target.checked)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="font-semibold">{person.name}</span>
                    <span className="block break-all text-muted">{person.email}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {save.isError && (
            <ApiErrorAlert
              error={save.error}
              onReload={() => {
                save.reset();
                onReload();
              }}
            >
              {errorMessage(save.error)}
            </ApiErrorAlert>
          )}
          <FormActions>
            <DialogClose asChild>
              <Button variant="secondary" disabled={save.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save instructors'}
            </Button>
          </FormActions>
        </form>
      )}
    </DialogContent>
  );
}
