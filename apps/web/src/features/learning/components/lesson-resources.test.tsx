import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courseFixture, fakeApi, lessonDetail, renderWithApp, SESSION_ID, stubMediaPlayback } from '../test/harness';
import { LessonPlayerDialog } from './lesson-player-dialog';

const NOTEBOOK = {
  id: '7d3f4a52-96c1-4f0e-8f44-0b7cf1d1a001',
  title: 'Notebook: Chunking strategies compared',
  fileName: 'rag-03.ipynb',
  contentType: 'application/x-ipynb+json',
  sizeBytes: 24_576,
};
const DATASET = {
  id: '7d3f4a52-96c1-4f0e-8f44-0b7cf1d1a002',
  title: 'Evaluation questions',
  fileName: 'questions.parquet',
  contentType: 'application/vnd.apache.parquet',
  sizeBytes: 3_355_443,
};

function player(lessonId: string, course = courseFixture()) {
  return renderWithApp(
    <LessonPlayerDialog course={course} lessonId={lessonId} open onOpenChange={() => {}} onSelectLesson={() => {}} />,
  );
}

const videoRoutes = (id: string) => ({
  [`GET /lessons/${id}/signed-url`]: () => ({
    body: { url: `/api/v1/media/${id}.mp4?exp=1&sig=s`, type: 'direct', sessionId: SESSION_ID },
  }),
});

describe('lesson files in the player', () => {
  it('lists each file with its kind and size, and downloads it through a link asked for on click', async () => {
    stubMediaPlayback();
    const { calls } = fakeApi({
      'GET /lessons/a': () => ({ body: lessonDetail('a', { resources: [NOTEBOOK, DATASET] }) }),
      ...videoRoutes('a'),
      [`GET /resources/${NOTEBOOK.id}/signed-url`]: () => ({
        body: { url: `/api/v1/resources/${NOTEBOOK.id}/file?exp=9&sig=abc`, expiresAt: '2026-11-25T16:00:00.000Z' },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    player('a');
    const dialog = await screen.findByRole('dialog', { name: 'Lesson a' });
    const files = await within(dialog).findByRole('region', { name: 'Lesson files' });
    const notebook = within(files).getByRole('button', { name: /Download Notebook: Chunking strategies compared/ });
    expect(notebook).toHaveTextContent('Jupyter notebook · 24 KB');
    expect(within(files).getByRole('button', { name: /Download Evaluation questions/ })).toHaveTextContent(
      'Parquet dataset · 3.2 MB',
    );
    // No link exists before the learner asks for the file.
    expect(calls.some((c) => c.path.startsWith('/resources/'))).toBe(false);

    await userEvent.click(notebook);
    expect(calls.filter((c) => c.path.startsWith('/resources/'))).toEqual([
      { method: 'GET', path: `/resources/${NOTEBOOK.id}/signed-url`, body: undefined },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`/api/v1/resources/${NOTEBOOK.id}/file?exp=9&sig=abc`);
    expect(link.download).toBe('rag-03.ipynb');
    expect(link.isConnected).toBe(false);
  });

  it('says why when a link is refused, and the file can be asked for again', async () => {
    stubMediaPlayback();
    fakeApi({
      'GET /lessons/a': () => ({ body: lessonDetail('a', { resources: [NOTEBOOK] }) }),
      ...videoRoutes('a'),
      [`GET /resources/${NOTEBOOK.id}/signed-url`]: () => ({
        status: 403,
        body: { code: 'access_expired', detail: 'Your weekly access expired on 1 Dec 2026. Renew to keep learning.' },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    player('a');
    const button = await screen.findByRole('button', { name: /Download Notebook/ });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your weekly access expired on 1 Dec 2026. Renew to keep learning.',
    );
    expect(click).not.toHaveBeenCalled();
    expect(button).toBeEnabled();
  });

  it('offers no download for a lesson the learner cannot open', async () => {
    fakeApi({
      'GET /lessons/c': () => ({
        status: 403,
        body: { code: 'enrollment_required', detail: 'Please enroll in the course to access this lesson.' },
      }),
    });
    player('c');
    const dialog = await screen.findByRole('dialog', { name: 'Lesson c' });
    expect(await within(dialog).findByText('Please enroll in the course to access this lesson.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Lesson files' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('shows nothing for a lesson without files', async () => {
    stubMediaPlayback();
    fakeApi({ 'GET /lessons/a': () => ({ body: lessonDetail('a') }), ...videoRoutes('a') });
    player('a');
    const dialog = await screen.findByRole('dialog', { name: 'Lesson a' });
    await within(dialog).findByText('About a');
    expect(within(dialog).queryByRole('region', { name: 'Lesson files' })).not.toBeInTheDocument();
  });
});
