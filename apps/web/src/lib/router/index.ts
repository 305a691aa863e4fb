// The app's router (decision 052): React Router's interface, the part this app uses, in a few kilobytes.
export type { NavigateOptions, Router, RouterState } from './create-router';
export { createBrowserRouter, createMemoryRouter, routerReady } from './create-router';
export type { Location } from './history';
export type { NavigateFunction } from './hooks';
export {
  useLocation,
  useNavigate,
  useNavigation,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
} from './hooks';
export { Link, type LinkProps, Navigate, NavLink, type NavLinkProps } from './link';
export { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match-routes';
export { MemoryRouter } from './memory-router';
export { Outlet, RouterProvider } from './router-provider';
export { ScrollRestoration } from './scroll-restoration';
