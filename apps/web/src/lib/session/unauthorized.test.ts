import { endpoints } from '@kaushal/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from '../api-client';
import { getRedirectPath } from './redirect-path';
import { fetchSessionUser, sessionQueryKey } from './session-query';
import { json, stubApi } from './testing';
import { createUnauthorizedHandler } from './unauthorized';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };
const unauthorized = () => json(401, { detail: 'Please sign in to continue.', code: 'unauthorized' });

function setup(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, user);
  const goTo = vi.fn();
  setUnauthorizedHandler(createUnauthorizedHandler(queryClient, goTo));
  return { queryClient, goTo };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => setUnauthorizedHandler(undefined));

describe('an API 401', () => {
  it('ends the session and loads /login once, storing the page, while callers still get the error', async () => {
    const { queryClient, goTo } = setup('/course/rag-from-scratch?lesson=l2');
    stubApi({ 'GET /api/v1/dashboard': unauthorized, 'GET /api/v1/users/me/settings': unauthorized });
    const results = await Promise.allSettled([api(endpoints.dashboard), api(endpoints.settings)]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, detail: 'Please sign in to continue.' });
    }
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('/login');
    expect(getRedirectPath()).toBe('/course/rag-from-scratch?lesson=l2');
  });

  it('does not store the home page, and does not reload /login itself', async () => {
    const home = setup('/');
    stubApi({ 'GET /api/v1/dashboard': unauthorized });
    await expect(api(endpoints.dashboard)).rejects.toBeInstanceOf(ApiError);
    expect(home.goTo).toHaveBeenCalledWith('/login');
    expect(getRedirectPath()).toBeNull();

    const login = setup('/login');
    await expect(api(endpoints.dashboard)).rejects.toBeInstanceOf(ApiError);
    expect(login.goTo).not.toHaveBeenCalled();
    expect(login.queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('from the session probe only means signed out', async () => {
    const { goTo } = setup('/courses');
    stubApi({ 'GET /api/v1/auth/me': unauthorized });
    await expect(fetchSessionUser()).resolves.toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('other statuses leave the session alone', async () => {
    const { queryClient, goTo } = setup('/courses');
    stubApi({ 'GET /api/v1/dashboard': () => json(403, { detail: 'No access.', code: 'forbidden' }) });
    await expect(api(endpoints.dashboard)).rejects.toMatchObject({ status: 403 });
    expect(goTo).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
  });
});

describe('requests', () => {
  it('send JSON with a JSON Content-Type, and no Content-Type without a body (an empty JSON body is refused)', async () => {
    const seen: Array<string | null> = [];
    stubApi({
      'POST /api/v1/auth/logout': (init) => {
        seen.push(new Headers(init?.headers).get('content-type'));
        return new Response(null, { status: 204 });
      },
      'POST /api/v1/contact/submit': (init) => {
        seen.push(new Headers(init?.headers).get('content-type'));
        return json(200, { ok: true });
      },
    });
    await api(endpoints.authLogout);
    await api(endpoints.contactSubmit, {
      body: { name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello there', category: 'general' },
    });
    expect(seen).toEqual([null, 'application/json']);
  });
});
