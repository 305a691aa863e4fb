import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref, useEffect } from 'react';
import { useRouter, useRouterState } from './context';
import { hrefOf, resolveLocation } from './history';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path, a path relative to this page, "?query" or "#hash". */
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link the router follows without reloading the page. A click with a modifier key, a middle click or a link
 * to another window is left to the browser (a new tab gets the page from the server).
 */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const { location } = useRouterState();
  const href = hrefOf(resolveLocation(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    // A link to the page already shown replaces its history entry rather than adding it again.
    void router.navigate(to, { replace: replace ?? href === hrefOf(location), state, preventScrollReset });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

interface NavLinkState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
}

/**
 * A link that knows when its page is shown, or a page below it (`end` aside): it is then marked
 * `aria-current="page"`, and gets the class `active` (or what `className` answers).
 */
export function NavLink({ className, children, end, ...rest }: NavLinkProps) {
  const { location } = useRouterState();
  const to = resolveLocation(rest.to, location).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const prefix = to.endsWith('/') ? to : `${to}/`;
  const isActive = here === to || (!end && to !== '/' && here.startsWith(prefix));
  const state = { isActive };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function' ? className(state) : [className, isActive && 'active'].filter(Boolean).join(' ')
      }
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

/** Goes to `to` once drawn (a page that exists only to send the visitor elsewhere). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate(to, { replace, state });
  }, [router, to, replace, state]);
  return null;
}
