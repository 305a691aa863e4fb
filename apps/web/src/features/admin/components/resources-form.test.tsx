import type { AdminCourseDetail } from '@kaushal/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/lib/session/testing';
import { adminKeys } from '../api/admin-keys';
import { ResourcesForm } from './resources-form';

const NOTEBOOK = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Notebook',
  fileName: 'rag-03.ipynb',
  contentType: 'application/x-ipynb+json',
  sizeBytes: 24_576,
};
const SLIDES = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Slides',
  fileName: 'slides.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1_572_864,
};
type Lesson = AdminCourseDetail['lessons'][number];
const lessonWith = (resources: Lesson['resources']) =>
  ({
    id: 'l1',
    sectionId: 's1',
    title: 'One',
    description: '',
    isFree: false,
    durationSeconds: 60,
    videoType: null,
    youtubeUrl: null,
    captions: [],
    previewId: 'l1',
    resources,
  }) satisfies Lesson;
const courseWith = (resources: Lesson['resources'], version = 7) =>
  ({
    id: 'c1',
    version,
    status: 'published',
    lessons: [lessonWith(resources)],
    draft: null,
  }) as unknown as AdminCourseDetail;

/** The form as the lesson dialog shows it: the course it edits is whatever the last answer stored. */
function Harness({ initial, canEdit = true }: { initial: AdminCourseDetail; canEdit?: boolean }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Stored initial={initial} canEdit={canEdit} />
    </QueryClientProvider>
  );
}

function Stored({ initial, canEdit }: { initial: AdminCourseDetail; canEdit: boolean }) {
  const { data: course } = useQuery({
    queryKey: adminKeys.course(initial.id),
    queryFn: () => initial,
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <ResourcesForm course={course} lesson={course.lessons[0] as Lesson} canEdit={canEdit} onReload={vi.fn()} />;
}

const requests = () =>
  vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => ({
    url: String(input),
    method: init?.method ?? 'GET',
    body: init?.body,
    contentType: new Headers(init?.headers).get('content-type'),
  }));

describe('the lesson files form', () => {
  it('lists the files with kind and size, and uploads a notebook as bytes at the version it read', async () => {
    stubApi({
      'POST /api/v1/admin/courses/c1/lessons/l1/resources': () => json(201, courseWith([NOTEBOOK, SLIDES], 8)),
    });
    render(<Harness initial={courseWith([NOTEBOOK])} />);
    const user = userEvent.setup();
    expect(screen.getByText('rag-03.ipynb · Jupyter notebook · 24 KB')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Upload a file' });
    await user.type(within(form).getByLabelText(/Title/), 'Slides');
    const file = new File(['%PDF-1.7'], 'Week 1: slides.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText(/^File/), file);
    await user.click(within(form).getByRole('button', { name: 'Upload file' }));
    expect(await screen.findByText('Slides uploaded.')).toBeInTheDocument();
    const [sent] = requests();
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toMatch(/\/resources\?version=7&title=Slides&fileName=Week%201-%20slides\.pdf$/);
    expect(sent?.contentType).toBe('application/octet-stream');
    expect(sent?.body).toBe(file);
  });

  it('refuses a type not offered, or no file, before sending anything', async () => {
    stubApi({});
    render(<Harness initial={courseWith([])} />);
    const user = userEvent.setup({ applyAccept: false });
    const form = screen.getByRole('form', { name: 'Upload a file' });
    await user.click(within(form).getByRole('button', { name: 'Upload file' }));
    expect(within(form).getByText('A title is required, e.g. Notebook: Chunking strategies.')).toBeInTheDocument();
    expect(within(form).getByText('Choose a file.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Title/), 'A program');
    await user.upload(within(form).getByLabelText(/^File/), new File(['MZ'], 'tool.exe'));
    await user.click(within(form).getByRole('button', { name: 'Upload file' }));
    expect(
      within(form).getByText(
        /A lesson can offer \.ipynb, \.pdf, \.csv, \.json, \.txt, \.md, \.zip, \.parquet files only\./,
      ),
    ).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('moves a file down, renames it and removes it, each at the version it read', async () => {
    stubApi({
      'PUT /api/v1/admin/courses/c1/lessons/l1/resource-order': () => json(200, courseWith([SLIDES, NOTEBOOK], 8)),
      [`PATCH /api/v1/admin/courses/c1/lessons/l1/resources/${NOTEBOOK.id}`]: () =>
        json(200, courseWith([SLIDES, { ...NOTEBOOK, title: 'Notebook: chunking' }], 9)),
      [`DELETE /api/v1/admin/courses/c1/lessons/l1/resources/${SLIDES.id}`]: () =>
        json(200, courseWith([{ ...NOTEBOOK, title: 'Notebook: chunking' }], 10)),
    });
    render(<Harness initial={courseWith([NOTEBOOK, SLIDES])} />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Move up Notebook' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move down Notebook' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    // Now last: its Move down is disabled, so focus stays with the file on its Move up.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move up Notebook' })).toHaveFocus());
    expect(JSON.parse(String(requests()[0]?.body))).toEqual({ version: 7, resourceIds: [SLIDES.id, NOTEBOOK.id] });

    await user.click(screen.getByRole('button', { name: 'Rename Notebook' }));
    const rename = screen.getByRole('form', { name: 'Rename Notebook' });
    const title = within(rename).getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, 'Notebook: chunking');
    await user.click(within(rename).getByRole('button', { name: 'Save title' }));
    expect(await screen.findByText('Renamed to Notebook: chunking.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Notebook: chunking' })).toHaveFocus());
    expect(JSON.parse(String(requests()[1]?.body))).toEqual({ version: 8, title: 'Notebook: chunking' });

    await user.click(screen.getByRole('button', { name: 'Remove Slides' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this file?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove file' }));
    expect(await screen.findByText('Slides removed.')).toBeInTheDocument();
    expect(requests()[2]?.url).toMatch(new RegExp(`/resources/${SLIDES.id}\\?version=9$`));
    expect(screen.queryByText(/slides\.pdf/)).not.toBeInTheDocument();
  });

  it('shows the files without any control to those who only read the course', () => {
    render(<Harness initial={courseWith([NOTEBOOK])} canEdit={false} />);
    expect(screen.getByText('Notebook')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
