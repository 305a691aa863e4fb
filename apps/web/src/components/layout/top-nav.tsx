import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { cn } from '@/lib/cn';
import { msg, t } from '@/lib/i18n/i18n';
import { Link, NavLink, useLocation } from '@/lib/router';
import { rememberPathForLogin, useSession } from '@/lib/session';
import { BrandLogo } from './brand-logo';
import { useLogout } from './use-logout';

const LINKS = [
  { to: '/courses', label: msg('Courses') },
  { to: '/dashboard', label: msg('Dashboard') },
] as const;
/** For users with a staff role (instructor, support, admin): the console, a part of the app loaded only there. */
const STAFF_LINKS = [...LINKS, { to: '/admin', label: msg('Console') }] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium hover:text-accent', isActive ? 'text-accent' : 'text-muted');

/**
 * Top navigation: the search box (`search`, given by the app), Courses, Dashboard (and Console for staff), and
 * the signed-in user with Logout, or Sign In; a mobile menu below 768 px, with the search box at its top.
 */
export function TopNav({ search }: { search?: ReactNode }) {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const menuId = useId();
  const links = session.user?.roles?.length ? STAFF_LINKS : LINKS;

  const account =
    session.status === 'authenticated' ? (
      <div className="flex items-center gap-3">
        <UserAvatar name={session.user.name} src={session.user.avatarUrl} />
        <span className="max-w-40 truncate text-sm font-medium">{session.user.name}</span>
        <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          {t('Logout')}
        </Button>
      </div>
    ) : session.status === 'anonymous' ? (
      <Button asChild size="sm">
        {/* Signing in from here brings the learner back to this page (spec section 4's rule). */}
        <Link to="/login" onClick={() => rememberPathForLogin(`${location.pathname}${location.search}`)}>
          {t('Sign In')}
        </Link>
      </Button>
    ) : (
      <span className="inline-block h-9 w-20" aria-hidden="true" />
    );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <nav
        aria-label={t('Main')}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 md:px-6"
      >
        <BrandLogo />
        {search && (
          // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there.
          <div role="search" aria-label={t('Site')} className="hidden w-52 md:block lg:w-80">
            {search}
          </div>
        )}
        <div className="hidden items-center gap-2 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {t(l.label)}
            </NavLink>
          ))}
          <div className="ml-2">{account}</div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('Close menu') : t('Open menu')}
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </nav>
      {open && (
        <div id={menuId} className="border-t border-border px-4 pb-4 md:hidden">
          <div className="flex flex-col gap-1 pt-2">
            {search && (
              // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there.
              <div role="search" aria-label={t('Site')} className="pb-2">
                {search}
              </div>
            )}
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className={linkClass}>
                {t(l.label)}
              </NavLink>
            ))}
            <div className="pt-2">{account}</div>
          </div>
        </div>
      )}
    </header>
  );
}
