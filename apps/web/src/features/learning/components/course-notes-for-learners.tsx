import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session';
import { useMounted } from '@/lib/use-mounted';
import type { CourseNotesProps } from './course-notes';

// "Your notes" shows only to a signed-in learner, so its code loads for one, once the page has hydrated (a
// visitor's course page, and the server's first paint, never show it): decision 043.
const Notes = lazy(() => import('./course-notes').then((m) => ({ default: m.CourseNotes })));

/** <CourseNotes> (course-notes.tsx) for a signed-in learner, its code loaded on the way; nothing for a visitor. */
export function CourseNotesForLearners(props: CourseNotesProps) {
  const mounted = useMounted();
  const signedIn = useSession().status === 'authenticated';
  if (!mounted || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <Notes {...props} />
    </Suspense>
  );
}
