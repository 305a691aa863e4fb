import { endpoints, type Note } from '@kaushal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { learningKeys } from './lesson-query';

export const notesKeys = {
  /** The learner's notes and bookmarks in one course: the player's panel and the course page share it. */
  course: (courseId: string) => [...learningKeys.all, 'notes', courseId] as const,
};

/** GET /courses/:id/notes: the signed-in learner's own notes and bookmarks in the course. */
export const courseNotesQuery = (courseId: string) =>
  queryOptions({
    queryKey: notesKeys.course(courseId),
    queryFn: ({ signal }) => api(endpoints.courseNotes, { params: { id: courseId }, signal }),
    staleTime: 60_000,
  });

/** A lesson's notes by second, then oldest first (the order the API lists them within a lesson). */
export function lessonNotes(notes: readonly Note[] | undefined, lessonId: string): Note[] {
  return (notes ?? [])
    .filter((n) => n.lessonId === lessonId)
    .sort((a, b) => a.atSeconds - b.atSeconds || a.createdAt.localeCompare(b.createdAt));
}

/**
 * Writes an answer of the notes API into the course's cached list, so the panel and the course page show it at
 * once; when the list is not cached yet, it is fetched again instead.
 */
function useApplyToNotes(courseId: string) {
  const queryClient = useQueryClient();
  const key = notesKeys.course(courseId);
  return (change: (notes: Note[]) => Note[]) => {
    if (queryClient.getQueryData(key)) queryClient.setQueryData<Note[]>(key, (notes) => change(notes ?? []));
    else void queryClient.invalidateQueries({ queryKey: key });
  };
}

/**
 * POST /lessons/:id/notes. The panel takes one for notes and one for bookmarks, so a bookmark added while a note
 * is being saved does not take the place of the note's own outcome.
 */
export function useCreateNote(courseId: string) {
  const apply = useApplyToNotes(courseId);
  return useMutation({
    mutationFn: (input: { lessonId: string; kind: Note['kind']; atSeconds: number; body?: string }) =>
      api(endpoints.createNote, {
        params: { id: input.lessonId },
        body:
          input.kind === 'note'
            ? { kind: 'note', atSeconds: input.atSeconds, body: input.body ?? '' }
            : { kind: 'bookmark', atSeconds: input.atSeconds, ...(input.body ? { body: input.body } : {}) },
      }),
    onSuccess: (note) => apply((notes) => [...notes, note]),
  });
}

/** PATCH /notes/:id: a note's new text, or a bookmark's new label. */
export function useUpdateNote(courseId: string) {
  const apply = useApplyToNotes(courseId);
  return useMutation({
    mutationFn: (input: { id: string; body: string }) =>
      api(endpoints.updateNote, { params: { id: input.id }, body: { body: input.body } }),
    onSuccess: (note) => apply((notes) => notes.map((n) => (n.id === note.id ? note : n))),
  });
}

/** DELETE /notes/:id. */
export function useDeleteNote(courseId: string) {
  const apply = useApplyToNotes(courseId);
  return useMutation({
    mutationFn: (id: string) => api(endpoints.deleteNote, { params: { id } }),
    onSuccess: (_answer, id) => apply((notes) => notes.filter((n) => n.id !== id)),
  });
}
