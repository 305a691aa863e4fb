import { createContext, type ReactNode, useContext } from 'react';
import type { Router, RouterState } from './create-router';
import type { Params } from './match-routes';

export const RouterContext = createContext<Router | null>(null);
export const RouterStateContext = createContext<RouterState | null>(null);
/** The route being drawn: what its <Outlet /> shows, and the URL's parameters. */
export const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });
/** What the nearest <Outlet context={…} /> passes to the routes inside it. */
export const OutletValueContext = createContext<unknown>(undefined);
/** The error an error element is drawn for. */
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links need a <RouterProvider> above them');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('Router hooks and links need a <RouterProvider> above them');
  return state;
}
