import { Component, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { OutletValueContext, RouteContext, RouteErrorContext, RouterContext, RouterStateContext } from './context';
import type { Router, RouterState } from './create-router';
import type { Location } from './history';
import type { RouteObject } from './match-routes';

/**
 * Draws the router's current page: each matched route's element, the inner ones in the outer ones' <Outlet />.
 * `children`, when given, is drawn instead at every location (a component tested outside a route table).
 */
export function RouterProvider({ router, children }: { router: Router; children?: ReactNode }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const unsubscribe = router.subscribe((next, options) => {
      // As React Router does: a page change is a transition (the old page answers input while the new one
      // renders), unless the navigation asked for it at once.
      if (options.flushSync) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    });
    // Whatever changed between the first render and now.
    setState(router.state);
    return unsubscribe;
  }, [router]);

  return (
    <RouterContext value={router}>
      <RouterStateContext value={state}>{children ?? renderState(router, state)}</RouterStateContext>
    </RouterContext>
  );
}

/** The element of the route an <Outlet /> stands for. */
export function Outlet({ context }: { context?: unknown }) {
  const { outlet } = useContext(RouteContext);
  return <OutletValueContext value={context}>{outlet}</OutletValueContext>;
}

function renderState(router: Router, state: RouterState): ReactNode {
  const { matches, error, location } = state;
  if (!state.initialized) {
    const Fallback = matches.find(({ route }) => route.HydrateFallback)?.route.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  // A route whose code failed to load: the nearest error element at or above it is drawn in its place.
  let boundary = error ? error.index : -1;
  while (boundary >= 0 && !matches[boundary]?.route.errorElement) boundary--;
  if (error && boundary < 0) throw error.value;
  let outlet: ReactNode = null;
  for (let i = error ? boundary : matches.length - 1; i >= 0; i--) {
    const { route, params } = matches[i] as (typeof matches)[number];
    const failed = error && i === boundary;
    let element = (
      <RouteContext value={{ outlet, params }}>{failed ? route.errorElement : elementOf(router, route)}</RouteContext>
    );
    if (failed) element = <RouteErrorContext value={error.value}>{element}</RouteErrorContext>;
    else if (route.errorElement) {
      element = (
        <RouteErrorBoundary location={location} fallback={route.errorElement}>
          {element}
        </RouteErrorBoundary>
      );
    }
    outlet = element;
  }
  return outlet;
}

function elementOf(router: Router, route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  const Page = route.Component ?? router.componentOf(route);
  // A layout without an element of its own draws its child.
  return Page ? <Page /> : <Outlet />;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

/** A route's error element, drawn when the route fails to render; a navigation elsewhere tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; caught: boolean; location: Location }> {
  override state = { error: undefined, caught: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location }) {
    return props.location === state.location ? null : { error: undefined, caught: false, location: props.location };
  }

  override render() {
    const { caught, error } = this.state;
    if (!caught) return this.props.children;
    return <RouteErrorContext value={error}>{this.props.fallback}</RouteErrorContext>;
  }
}
