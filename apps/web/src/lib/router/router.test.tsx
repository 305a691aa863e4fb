import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  type Router,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
} from '.';

/** A lazy route's code, resolved (or failed) when the test says. */
function deferredPage() {
  let resolve!: (page: { Component: ComponentType }) => void;
  let reject!: (error: Error) => void;
  const lazy = vi.fn(
    () =>
      new Promise<{ Component: ComponentType }>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { lazy, resolve: (page: { Component: ComponentType }) => resolve(page), reject: (e: Error) => reject(e) };
}

function Frame() {
  const navigation = useNavigation();
  return (
    <div>
      <p>Frame</p>
      <p>Navigation: {navigation.state}</p>
      <Outlet />
    </div>
  );
}

function ShowError() {
  const error = useRouteError();
  return <p role="alert">Failed: {error instanceof Error ? error.message : String(error)}</p>;
}

const renderRouter = (routes: RouteObject[], initialEntries = ['/']) => {
  const router = createMemoryRouter(routes, { initialEntries });
  render(<RouterProvider router={router} />);
  return router;
};

const path = (router: Router) => router.state.location.pathname + router.state.location.search;

describe('the router', () => {
  it("keeps the current page while the next page's code loads, then shows it", async () => {
    const next = deferredPage();
    const router = renderRouter([
      {
        element: <Frame />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'courses', lazy: next.lazy },
        ],
      },
    ]);
    expect(screen.getByText('Navigation: idle')).toBeInTheDocument();
    act(() => void router.navigate('/courses?page=2'));
    expect(await screen.findByText('Navigation: loading')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(path(router)).toBe('/');
    await act(async () => next.resolve({ Component: () => <h1>Courses</h1> }));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByText('Navigation: idle')).toBeInTheDocument();
    expect(path(router)).toBe('/courses?page=2');
    // Loaded once: a second visit does not fetch the code again.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/courses'));
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(next.lazy).toHaveBeenCalledTimes(1);
  });

  it('drops a navigation a later one overtook while its code loaded', async () => {
    const slow = deferredPage();
    const router = renderRouter([
      { path: '/', element: <h1>Home</h1> },
      { path: '/slow', lazy: slow.lazy },
      { path: '/fast', element: <h1>Fast</h1> },
    ]);
    act(() => void router.navigate('/slow'));
    await act(() => router.navigate('/fast'));
    await act(async () => slow.resolve({ Component: () => <h1>Slow</h1> }));
    expect(screen.getByRole('heading', { name: 'Fast' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Slow' })).toBeNull();
    expect(path(router)).toBe('/fast');
  });

  it("draws the nearest error element inside the layouts when a page's code fails to load, and loads it again on the next visit", async () => {
    const page = deferredPage();
    const router = renderRouter([
      {
        element: <Frame />,
        errorElement: <p>Root error</p>,
        children: [
          {
            errorElement: <ShowError />,
            children: [
              { index: true, element: <h1>Home</h1> },
              { path: 'quiz', lazy: page.lazy },
            ],
          },
        ],
      },
    ]);
    act(() => void router.navigate('/quiz'));
    await act(async () => page.reject(new Error('Importing a module script failed')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: Importing a module script failed');
    expect(screen.getByText('Frame')).toBeInTheDocument();
    expect(screen.queryByText('Root error')).toBeNull();
    expect(path(router)).toBe('/quiz');

    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    act(() => void router.navigate('/quiz'));
    await act(async () => page.resolve({ Component: () => <h1>Quiz</h1> }));
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeInTheDocument();
    expect(page.lazy).toHaveBeenCalledTimes(2);
  });

  it("draws a route's error element when its page fails to render, and the page again after a navigation", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('render failed');
      return <h1>Fragile</h1>;
    }
    const router = renderRouter(
      [
        {
          element: <Frame />,
          children: [
            {
              errorElement: <ShowError />,
              children: [
                { path: 'fragile', element: <Fragile /> },
                { path: 'other', element: <h1>Other</h1> },
              ],
            },
          ],
        },
      ],
      ['/fragile'],
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed: render failed');
    expect(screen.getByText('Frame')).toBeInTheDocument();
    broken = false;
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/fragile'));
    expect(screen.getByRole('heading', { name: 'Fragile' })).toBeInTheDocument();
  });

  it("draws the HydrateFallback until the first page's code has loaded", async () => {
    const page = deferredPage();
    const router = renderRouter(
      [{ HydrateFallback: () => <p>Loading the page</p>, children: [{ path: 'login', lazy: page.lazy }] }],
      ['/login'],
    );
    expect(router.state.initialized).toBe(false);
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    await act(async () => page.resolve({ Component: () => <h1>Sign in</h1> }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.initialized).toBe(true);
  });

  it('draws the next page before navigate() resolves when asked to (flushSync), as logging out needs', async () => {
    const router = renderRouter([
      { path: '/', element: <h1>Home</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ]);
    // Outside act(): only flushSync draws at once; a transition would still show the home page here.
    await router.navigate('/dashboard', { flushSync: true });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('gives pages their parameters and what the layout passes to its outlet', () => {
    function Layout() {
      return <Outlet context={{ role: 'admin' }} />;
    }
    function OrderPage() {
      const { id } = useParams();
      return <h1>{`Order ${id} for ${useOutletContext<{ role: string }>().role}`}</h1>;
    }
    renderRouter(
      [{ path: '/admin', element: <Layout />, children: [{ path: 'orders/:id', element: <OrderPage /> }] }],
      ['/admin/orders/o%2F1'],
    );
    expect(screen.getByRole('heading', { name: 'Order o/1 for admin' })).toBeInTheDocument();
  });

  it('goes where a <Navigate> says, in place of the current entry', async () => {
    const router = renderRouter(
      [
        { path: '/old', element: <Navigate to="/new" replace /> },
        { path: '/new', element: <h1>New</h1> },
        { path: '/start', element: null },
      ],
      ['/start', '/old'],
    );
    expect(await screen.findByRole('heading', { name: 'New' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(path(router)).toBe('/start');
  });
});

describe('links', () => {
  function Here() {
    const location = useLocation();
    return <p>At {location.pathname + location.search}</p>;
  }
  const linked = (links: React.ReactNode) => [
    {
      element: (
        <>
          <nav>{links}</nav>
          <Here />
        </>
      ),
      children: [{ path: '*', element: null }],
    },
  ];

  it('follow a plain click in the app, and leave a modified click to the browser', async () => {
    const user = userEvent.setup();
    const router = renderRouter(linked(<Link to="/courses?page=2">Courses</Link>));
    const link = screen.getByRole('link', { name: 'Courses' });
    expect(link).toHaveAttribute('href', '/courses?page=2');

    let prevented: boolean | undefined;
    const watch = (event: MouseEvent) => {
      prevented = event.defaultPrevented;
    };
    document.addEventListener('click', watch);
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(prevented).toBe(false);
    expect(path(router)).toBe('/');

    await user.click(link);
    expect(prevented).toBe(true);
    expect(screen.getByText('At /courses?page=2')).toBeInTheDocument();
    document.removeEventListener('click', watch);
  });

  it('resolve "?query" against the current page, and a link to the page shown replaces its entry', async () => {
    const user = userEvent.setup();
    const router = renderRouter(
      linked(
        <>
          <Link to="?lesson=l2">Lesson 2</Link>
          <Link to="/course/rag?lesson=l2">Same page</Link>
        </>,
      ),
      ['/', '/course/rag'],
    );
    expect(screen.getByRole('link', { name: 'Lesson 2' })).toHaveAttribute('href', '/course/rag?lesson=l2');
    await user.click(screen.getByRole('link', { name: 'Lesson 2' }));
    expect(path(router)).toBe('/course/rag?lesson=l2');
    await user.click(screen.getByRole('link', { name: 'Same page' }));
    await act(() => router.navigate(-1));
    // Back leaves the course page: the second click did not add it again.
    expect(path(router)).toBe('/course/rag');
    await act(() => router.navigate(-1));
    expect(path(router)).toBe('/');
  });

  it('mark the link of the page shown, or of a page below it unless `end`', () => {
    const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');
    renderRouter(
      linked(
        <>
          <NavLink to="/" className={className}>
            Home
          </NavLink>
          <NavLink to="/admin" className={className}>
            Console
          </NavLink>
          <NavLink to="/admin" end>
            Console home
          </NavLink>
          <NavLink to="/admin/courses" className="link">
            Courses
          </NavLink>
          <NavLink to="/admin/coupons">Coupons</NavLink>
        </>,
      ),
      ['/admin/courses/rag'],
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Home')).toHaveClass('off');
    expect(link('Console')).toHaveAttribute('aria-current', 'page');
    expect(link('Console')).toHaveClass('on');
    expect(link('Console home')).not.toHaveAttribute('aria-current');
    expect(link('Courses')).toHaveAttribute('aria-current', 'page');
    expect(link('Courses')).toHaveClass('link', 'active');
    expect(link('Coupons')).not.toHaveAttribute('aria-current');
  });
});

describe('useSearchParams', () => {
  it('reads the query and navigates to the same page with another, replacing the entry when asked', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>Level: {params.get('level') ?? 'any'}</p>
          <button type="button" onClick={() => setParams({ level: 'advanced', q: 'rag' })}>
            Advanced
          </button>
          <button
            type="button"
            onClick={() =>
              setParams(
                (current) => {
                  current.delete('q');
                  return current;
                },
                { replace: true },
              )
            }
          >
            Clear search
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    const router = renderRouter([{ path: '/courses', element: <Filters /> }], ['/courses']);
    expect(screen.getByText('Level: any')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(screen.getByText('Level: advanced')).toBeInTheDocument();
    expect(path(router)).toBe('/courses?level=advanced&q=rag');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(path(router)).toBe('/courses?level=advanced');
    await act(() => router.navigate(-1));
    expect(path(router)).toBe('/courses');
  });
});

describe('MemoryRouter', () => {
  it('draws its children at any location, with links that work', async () => {
    const user = userEvent.setup();
    function Here() {
      return <p>At {useLocation().pathname}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/course/rag']}>
        <Link to="/login">Sign in</Link>
        <Here />
      </MemoryRouter>,
    );
    expect(screen.getByText('At /course/rag')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByText('At /login')).toBeInTheDocument();
  });
});

describe('ScrollRestoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('starts a new page at the top, leaves a query change in place, and returns to where a page was left on Back', async () => {
    let y = 0;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = top;
    }) as typeof window.scrollTo);
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    const router = renderRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <ScrollRestoration />
            </>
          ),
          children: [{ path: '*', element: null }],
        },
      ],
      ['/courses'],
    );
    // The first page stays where the browser put it.
    expect(scrollTo).not.toHaveBeenCalled();
    y = 900;
    await act(() => router.navigate('/course/rag'));
    expect(y).toBe(0);
    y = 300;
    await act(() => router.navigate('?lesson=l1', { replace: true, preventScrollReset: true }));
    expect(y).toBe(300);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/courses');
    expect(y).toBe(900);
  });
});
