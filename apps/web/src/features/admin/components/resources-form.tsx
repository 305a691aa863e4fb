import {
  type AdminCourseDetail,
  MAX_RESOURCE_BYTES,
  RESOURCE_EXTENSIONS,
  resourceExtensionOf,
  safeResourceFileName,
} from '@kaushal/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatFileSize, resourceKind } from '@/lib/resource-files';
import { useRemoveResource, useRenameResource, useReorderResources, useUploadResource } from '../api/lesson-resources';
import { errorMessage } from '../lib/form-errors';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmDialog } from './confirm-dialog';

type Lesson = AdminCourseDetail['lessons'][number];
type Resource = Lesson['resources'][number];

const TITLE_LIMIT = 200;
const ACCEPT = RESOURCE_EXTENSIONS.join(',');

/** Why a chosen file cannot be uploaded, checked before any byte is sent (the server checks again). */
export function fileProblem(file: File): string | null {
  if (!resourceExtensionOf(file.name)) {
    return `A lesson can offer ${RESOURCE_EXTENSIONS.join(', ')} files only.`;
  }
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_RESOURCE_BYTES) return 'A lesson resource can be at most 100 MB.';
  return null;
}

/**
 * A lesson's files for download (notebooks, PDFs, datasets): listed with their size, renamed, moved up or
 * down, removed, and a form to upload one (at most 100 MB). Staff who read only see the list.
 */
export function ResourcesForm({
  course,
  lesson,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  lesson: Lesson;
  canEdit: boolean;
  onReload: () => void;
}) {
  const headingId = useId();
  const [saved, setSaved] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Resource | null>(null);
  const rename = useRenameResource(course.id);
  const remove = useRemoveResource(course.id);
  const reorder = useReorderResources(course.id);
  const resources = lesson.resources;
  const target = { lessonId: lesson.id, version: course.version };
  const failed = rename.error ?? remove.error ?? reorder.error;
  const busy = reorder.isPending || rename.isPending;
  const list = useRef<HTMLOListElement>(null);
  // Keyboard users keep their place: after a move or a rename, focus returns to that file's button (the other
  // move button when the one pressed is now disabled, at the top or bottom of the list).
  const [refocus, setRefocus] = useState<{ id: string; action: 'up' | 'down' | 'rename'; index: number } | null>(null);
  useEffect(() => {
    // Once the list shows the file where the answer put it, and its buttons are enabled again.
    if (!refocus || editing || busy || resources[refocus.index]?.id !== refocus.id) return;
    const buttons = [refocus.action, 'up', 'down', 'rename'].map((action) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-resource="${refocus.id}"][data-action="${action}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
    setRefocus(null);
  }, [refocus, editing, busy, resources]);

  const move = (from: number, to: number) => {
    const ids = resources.map((r) => r.id);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    setSaved('');
    reorder.mutate(
      { ...target, resourceIds: ids },
      {
        onSuccess: () => {
          setSaved('Order saved.');
          setRefocus({ id: moved, action: to < from ? 'up' : 'down', index: to });
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-border pt-4">
      <h3 id={headingId} className="font-semibold">
        Files for download
      </h3>
      {resources.length === 0 ? (
        <p className="text-sm">No files yet.</p>
      ) : (
        <ol ref={list} className="space-y-2">
          {resources.map((resource, index) => (
            <li key={resource.id} className="rounded-lg border border-border p-3">
              {editing === resource.id ? (
                <RenameForm
                  resource={resource}
                  pending={rename.isPending}
                  onCancel={() => {
                    setEditing(null);
                    setRefocus({ id: resource.id, action: 'rename', index });
                  }}
                  onSave={(title) =>
                    rename.mutate(
                      { ...target, resourceId: resource.id, title },
                      {
                        onSuccess: () => {
                          setEditing(null);
                          setSaved(`Renamed to ${title}.`);
                          setRefocus({ id: resource.id, action: 'rename', index });
                        },
                      },
                    )
                  }
                />
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">{resource.title}</p>
                    <p className="break-words text-sm text-muted">
                      {resource.fileName} · {resourceKind(resource.contentType)} · {formatFileSize(resource.sizeBytes)}
                    </p>
                  </div>
                  {canEdit && (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === 0 || reorder.isPending}
                        data-resource={resource.id}
                        data-action="up"
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                        Move up<span className="sr-only"> {resource.title}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === resources.length - 1 || reorder.isPending}
                        data-resource={resource.id}
                        data-action="down"
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                        Move down<span className="sr-only"> {resource.title}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        data-resource={resource.id}
                        data-action="rename"
                        onClick={() => {
                          setSaved('');
                          setEditing(resource.id);
                        }}
                      >
                        Rename<span className="sr-only"> {resource.title}</span>
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(resource)}>
                        Remove<span className="sr-only"> {resource.title}</span>
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {failed && (
        <ApiErrorAlert error={failed} onReload={onReload}>
          {errorMessage(failed)}
        </ApiErrorAlert>
      )}
      <p className="text-sm text-muted" role="status">
        {saved}
      </p>
      {canEdit && (
        <UploadForm
          course={course}
          lesson={lesson}
          onReload={onReload}
          onUploaded={(title) => setSaved(`${title} uploaded.`)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this file?"
        description={`Learners will no longer see ${removing?.title ?? 'it'} with this lesson${course.status === 'draft' ? '' : ' once the changes are published'}.`}
        confirmLabel="Remove file"
        pendingLabel="Removing…"
        variant="destructive"
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const title = removing.title;
          remove.mutate(
            { ...target, resourceId: removing.id },
            {
              onSuccess: () => {
                setRemoving(null);
                setSaved(`${title} removed.`);
              },
              onError: () => setRemoving(null),
            },
          );
        }}
      />
    </section>
  );
}

function RenameForm({
  resource,
  pending,
  onSave,
  onCancel,
}: {
  resource: Resource;
  pending: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(resource.title);
  const [problem, setProblem] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setProblem('A title is required.');
      return;
    }
    onSave(title.trim());
  };
  return (
    <form className="grid gap-2" onSubmit={onSubmit} noValidate aria-label={`Rename ${resource.title}`}>
      <Field label="Title" required error={problem} limit={TITLE_LIMIT} count={title.length}>
        {(control) => <Input {...control} autoFocus value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving…' : 'Save title'}
        </Button>
      </div>
    </form>
  );
}

function UploadForm({
  course,
  lesson,
  onReload,
  onUploaded,
}: {
  course: AdminCourseDetail;
  lesson: Lesson;
  onReload: () => void;
  onUploaded: (title: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ title?: string; file?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadResource(course.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(title.trim() ? {} : { title: 'A title is required, e.g. Notebook: Chunking strategies.' }),
      ...(file ? (fileProblem(file) ? { file: fileProblem(file) ?? '' } : {}) : { file: 'Choose a file.' }),
    };
    setProblems(found);
    if (!file || found.title || found.file) return;
    const chosen = title.trim();
    upload.mutate(
      {
        lessonId: lesson.id,
        version: course.version,
        title: chosen,
        fileName: safeResourceFileName(file.name),
        file,
      },
      {
        onSuccess: () => {
          setTitle('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          onUploaded(chosen);
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Upload a file">
      <Field label="Title" required error={problems.title} limit={TITLE_LIMIT} count={title.length}>
        {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field
        label="File"
        required
        error={problems.file}
        hint="A Jupyter notebook (.ipynb), PDF, CSV, JSON, text, Markdown, ZIP or Parquet file, at most 100 MB."
      >
        {(control) => (
          <Input
            {...control}
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {upload.isError && (
        <ApiErrorAlert error={upload.error} onReload={onReload}>
          {errorMessage(upload.error)}
        </ApiErrorAlert>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload file'}
        </Button>
      </div>
    </form>
  );
}
