import type { LessonSummary } from '@kaushal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LessonList } from './lesson-list';

const notebook = {
  id: 'r1',
  title: 'Notebook: Chunking strategies compared',
  fileName: 'rag-03.ipynb',
  contentType: 'application/x-ipynb+json',
  sizeBytes: 24_576,
};
const slides = { id: 'r2', title: 'Slides', fileName: 'slides.pdf', contentType: 'application/pdf', sizeBytes: 900 };

const lesson = (id: string, isFree: boolean, resources: LessonSummary['resources']): LessonSummary => ({
  id,
  title: `Lesson ${id}`,
  description: '',
  isFree,
  duration: '1:04',
  durationSeconds: 64,
  hasVideo: true,
  resources,
  section: { id: 'course-s1', title: 'Lessons' },
});

describe('LessonList: lesson files', () => {
  it('names each lesson’s files and kinds in its row, locked or not, without download links', () => {
    render(
      <LessonList
        lessons={[lesson('a', true, [notebook, slides]), lesson('b', false, [notebook]), lesson('c', false, [])]}
        opensAll={false}
        onSelectLesson={vi.fn()}
      />,
    );
    const [a, b, c] = screen.getAllByRole('button');
    expect(a).toHaveAccessibleName(
      /Lesson a.*2 files: Notebook: Chunking strategies compared \(Jupyter notebook\), Slides \(PDF\)/,
    );
    // A locked lesson says what it holds; the download is in the lesson, once it opens.
    expect(b).toHaveAccessibleName(/Lesson b.*1 file: Notebook: Chunking strategies compared.*Locked/);
    expect(c?.querySelector('[data-lesson-files]')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
