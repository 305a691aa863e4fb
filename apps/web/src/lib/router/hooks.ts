import { useCallback, useContext, useMemo } from 'react';
import { OutletValueContext, RouteContext, RouteErrorContext, useRouter, useRouterState } from './context';
import type { NavigateOptions } from './create-router';
import type { Location } from './history';
import type { Params } from './match-routes';

export const useLocation = (): Location => useRouterState().location;

/** 'loading' while the next page's code loads; the current page is still the one shown. */
export const useNavigation = () => useRouterState().navigation;

export const useParams = (): Params => useContext(RouteContext).params;

export const useOutletContext = <T>() => useContext(OutletValueContext) as T;

export const useRouteError = (): unknown => useContext(RouteErrorContext);

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];

/** The URL's query, and a setter that navigates to the same page with another query. */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      // Nothing returned, as React Router's: an effect may call it as its body's only expression.
      void navigate(`?${new URLSearchParams(value)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams] as const;
}
