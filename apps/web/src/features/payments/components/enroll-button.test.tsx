import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '@/lib/query-keys';
import { useParams } from '@/lib/router';
import { type ApiHandler, LEARNER, mockApi, renderAt } from '../testing';
import { EnrollButton } from './enroll-button';

const COURSE = 'python-for-ai';

function FreeCourse({ enrolled = false }: { enrolled?: boolean }) {
  const { id = '' } = useParams();
  useQuery({ queryKey: catalogueKeys.course(id), queryFn: () => fetch(`/api/v1/courses/${id}`).then((r) => r.json()) });
  return <EnrollButton courseId={id} enrolled={enrolled} />;
}

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /auth/me': () => ({ status: 200, body: LEARNER }),
    [`GET /courses/${COURSE}`]: () => ({ status: 200, body: { id: COURSE } }),
    [`POST /courses/${COURSE}/enroll`]: () => ({
      status: 200,
      body: { success: true, message: 'You are enrolled in this course.' },
    }),
    ...overrides,
  });
}

const button = () => screen.getByRole('button', { name: /Enroll/ });

describe('EnrollButton', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('enrolls a signed-in learner, refreshes the course and shows the enrolled state', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = api({
      [`POST /courses/${COURSE}/enroll`]: async () => {
        await gate;
        return { status: 200, body: { success: true, message: 'You are enrolled in this course.' } };
      },
    });
    renderAt(<FreeCourse />, `/course/${COURSE}`);
    await waitFor(() => expect(calls.callsTo('GET', `/courses/${COURSE}`)).toHaveLength(1));
    expect(button()).toHaveTextContent('Enroll for Free');
    expect(button()).toBeEnabled();

    await userEvent.setup().click(button());
    await waitFor(() => expect(calls.callsTo('POST', `/courses/${COURSE}/enroll`)).toHaveLength(1));
    expect(button()).toBeDisabled();
    expect(button()).toHaveAttribute('aria-busy', 'true');

    release();
    await waitFor(() => expect(button()).toHaveTextContent('Enrolled'));
    expect(button()).toBeDisabled();
    expect(await screen.findByText("You're enrolled!")).toBeInTheDocument();
    expect(screen.getByText('Every lesson of this course is open to you.')).toBeInTheDocument();
    await waitFor(() => expect(calls.callsTo('GET', `/courses/${COURSE}`)).toHaveLength(2));
  });

  it('says "Failed to enroll. Please try again." on failure and lets the learner retry', async () => {
    let fail = true;
    const calls = api({
      [`POST /courses/${COURSE}/enroll`]: () =>
        fail
          ? { status: 500, body: { code: 'internal_error' } }
          : { status: 200, body: { success: true, message: 'ok' } },
    });
    renderAt(<FreeCourse />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await user.click(button());
    expect(await screen.findByText('Failed to enroll. Please try again.')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Enroll for Free');
    expect(button()).toBeEnabled();

    fail = false;
    await user.click(button());
    await waitFor(() => expect(button()).toHaveTextContent('Enrolled'));
    expect(calls.callsTo('POST', `/courses/${COURSE}/enroll`)).toHaveLength(2);
  });

  it('sends a signed-out visitor to sign in with the spec message, remembering this page', async () => {
    const calls = api({
      'GET /auth/me': () => ({ status: 401, body: { detail: 'Please sign in.', code: 'unauthorized' } }),
    });
    renderAt(<FreeCourse />, `/course/${COURSE}`);
    await userEvent.setup().click(button());
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByText('Sign in required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to enroll in this course.')).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(`/course/${COURSE}`);
    expect(calls.callsTo('POST', `/courses/${COURSE}/enroll`)).toEqual([]);
  });

  it('confirms the enrollment even when the page replaces the button as soon as the course says enrolled', async () => {
    let enrolled = false;
    api({
      [`GET /courses/${COURSE}`]: () => ({ status: 200, body: { id: COURSE, isEnrolled: enrolled } }),
      [`POST /courses/${COURSE}/enroll`]: () => {
        enrolled = true;
        return { status: 200, body: { success: true, message: 'You are enrolled in this course.' } };
      },
    });
    function Page() {
      const { id = '' } = useParams();
      const course = useQuery({
        queryKey: catalogueKeys.course(id),
        queryFn: () => fetch(`/api/v1/courses/${id}`).then((r) => r.json() as Promise<{ isEnrolled: boolean }>),
      });
      if (!course.data) return null;
      return course.data.isEnrolled ? <p>Start course</p> : <EnrollButton courseId={id} />;
    }
    renderAt(<Page />, `/course/${COURSE}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enroll for Free' }));
    expect(await screen.findByText('Start course')).toBeInTheDocument();
    expect(await screen.findByText("You're enrolled!")).toBeInTheDocument();
  });

  it('shows an enrolled learner the enrolled state without a way to enroll again', async () => {
    api();
    renderAt(<FreeCourse enrolled />, `/course/${COURSE}`);
    expect(button()).toHaveTextContent('Enrolled');
    expect(button()).toBeDisabled();
  });
});
