import type { CourseDetail, QuizSummary } from '@kaushal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/lib/router';
import { quizAccess } from '../lib/quiz-access';
import { SectionQuiz, sectionQuizSlot } from './section-quiz';

const quiz = (standing: QuizSummary['standing']): QuizSummary => ({
  id: 'course-quiz-1',
  courseId: 'course',
  sectionId: 'course-s1',
  sectionTitle: 'Foundations',
  title: 'Check your understanding',
  passPercent: 70,
  questionCount: 5,
  standing,
});

type Course = Parameters<typeof quizAccess>[0];
const lesson = (isFree: boolean, sectionId = 'course-s1') =>
  ({
    id: `l-${Math.random()}`,
    isFree,
    section: { id: sectionId, title: sectionId },
  }) as CourseDetail['lessons'][number];
const course = (over: Partial<Course> = {}): Course => ({
  isEnrolled: false,
  lessons: [lesson(true), lesson(false)],
  enrollmentStatus: null,
  ...over,
});

const renderInRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('SectionQuiz', () => {
  it('shows the quiz, its size, pass mark and best score, with Take the quiz for a learner with access', () => {
    renderInRouter(
      <SectionQuiz quiz={quiz({ bestPercent: 40, passed: false, attempts: 1 })} canTake lessonsComplete={false} />,
    );
    expect(screen.getByRole('heading', { name: 'Quiz: Check your understanding' })).toBeInTheDocument();
    expect(screen.getByText(/5 questions · Pass mark 70% · Best 40%/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the quiz: Check your understanding' })).toHaveAttribute(
      'href',
      '/course/course/quizzes/course-quiz-1',
    );
    expect(screen.queryByText(/Passed/)).toBeNull();
  });

  it('says Passed, and Section complete once the lessons are complete too', () => {
    const passed = quiz({ bestPercent: 80, passed: true, attempts: 2 });
    const { rerender } = renderInRouter(<SectionQuiz quiz={passed} canTake lessonsComplete={false} />);
    expect(screen.getByText(/· Passed/)).toBeInTheDocument();
    expect(screen.queryByText(/Section complete/)).toBeNull();
    rerender(
      <MemoryRouter>
        <SectionQuiz quiz={passed} canTake lessonsComplete />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Section complete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Take the quiz again/ })).toBeInTheDocument();
  });

  it('offers no button without access, and says what would open it', () => {
    renderInRouter(
      <SectionQuiz
        quiz={quiz(null)}
        canTake={false}
        lockedReason="Sign in and enroll to take this quiz."
        lessonsComplete={false}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Sign in and enroll to take this quiz.')).toBeInTheDocument();
  });

  it('places each quiz after its own section, with headings nested under the section', () => {
    const slot = sectionQuizSlot(
      course({ isEnrolled: true, lessons: [lesson(false, 'course-s1'), lesson(false, 'course-s2')] }),
      [quiz({ bestPercent: null, passed: false, attempts: 0 })],
    );
    expect(slot({ id: 'course-s2' }, false)).toBeNull();
    renderInRouter(slot({ id: 'course-s1' }, false));
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('Check your understanding');
  });
});

describe('quizAccess', () => {
  const open = quiz({ bestPercent: null, passed: false, attempts: 0 });
  it('follows the API: enrolled, staff preview, or a course of free lessons, signed in', () => {
    expect(quizAccess(course({ isEnrolled: true }), open)).toEqual({ canTake: true });
    expect(quizAccess(course({ staffPreview: true }), open)).toEqual({ canTake: true });
    expect(quizAccess(course({ lessons: [lesson(true)] }), open)).toEqual({ canTake: true });
    expect(quizAccess(course(), open)).toEqual({
      canTake: false,
      lockedReason: 'Enroll in the course to take this quiz.',
    });
    expect(
      quizAccess(course({ enrollmentStatus: { enrolled: false, status: 'expired', message: 'Expired' } }), open),
    ).toEqual({ canTake: false, lockedReason: 'Renew your access to take this quiz.' });
    expect(quizAccess(course({ isEnrolled: true }), quiz(null))).toEqual({
      canTake: false,
      lockedReason: 'Sign in and enroll to take this quiz.',
    });
    expect(quizAccess(course({ lessons: [lesson(true)] }), quiz(null)).lockedReason).toBe('Sign in to take this quiz.');
  });
});
