import type { AdminCourseDetail } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/lib/session/testing';
import { CaptionsForm } from './captions-form';

const lesson = {
  id: 'l1',
  sectionId: 's1',
  title: 'One',
  description: '',
  isFree: false,
  durationSeconds: 60,
  videoType: 'direct',
  youtubeUrl: null,
  captions: [
    { lang: 'en', label: 'English' },
    { lang: 'hi', label: 'हिन्दी' },
  ],
  previewId: 'l1',
} as const;
const course = { id: 'c1', version: 7, lessons: [lesson], draft: null } as unknown as AdminCourseDetail;

const renderForm = (canEdit = true) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CaptionsForm
        course={course}
        lesson={course.lessons[0] as AdminCourseDetail['lessons'][number]}
        canEdit={canEdit}
        onReload={vi.fn()}
      />
    </QueryClientProvider>,
  );

describe('the captions form', () => {
  it('removes one language at the version it read and says so', async () => {
    const urls: string[] = [];
    stubApi({
      'DELETE /api/v1/admin/courses/c1/lessons/l1/captions/hi': () =>
        json(200, { ...course, version: 8, lessons: [{ ...lesson, captions: [lesson.captions[0]] }] }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove captions हिन्दी' }));
    expect(await screen.findByText('Captions (हिन्दी) removed.')).toBeInTheDocument();
    for (const [input] of fetchSpy.mock.calls) urls.push(String(input));
    expect(urls.some((url) => url.endsWith('/captions/hi?version=7'))).toBe(true);
  });

  it('offers no removal to those who only read the course', () => {
    renderForm(false);
    expect(screen.getByText('हिन्दी (hi)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
