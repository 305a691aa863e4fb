import type { User } from '@kaushal/contract';
import {
  BookOpen,
  ChevronDown,
  ChevronUp,
  LayoutDashboard,
  LogOut,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  UserRound,
} from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { cn } from '@/lib/cn';
import { msg, t } from '@/lib/i18n/i18n';
import { NavLink, useLocation } from '@/lib/router';
import { useLogout } from './use-logout';

const ITEMS = [
  { to: '/dashboard', label: msg('Dashboard'), Icon: LayoutDashboard },
  { to: '/courses', label: msg('My Courses'), Icon: BookOpen },
  { to: '/profile', label: msg('Profile'), Icon: UserRound },
  { to: '/settings', label: msg('Settings'), Icon: Settings },
] as const;

/** Spec breakpoint: below 768 px is mobile. */
const DESKTOP = '(min-width: 48rem)';
const PREFERENCE_KEY = 'sidebarCollapsed';

function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(DESKTOP);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(DESKTOP).matches,
    () => true,
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean) {
  try {
    localStorage.setItem(PREFERENCE_KEY, String(collapsed));
  } catch {
    // Storage can be blocked; the sidebar then simply opens expanded next time.
  }
}

/**
 * Whether the sidebar is expanded. Desktop: expanded unless the learner collapsed it (remembered). Mobile:
 * a compact bar that opens as a menu, closing again when the learner moves to another page.
 */
function useExpanded(): [boolean, () => void] {
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (isDesktop) {
    return [
      !collapsed,
      () => {
        writeCollapsed(!collapsed);
        setCollapsed(!collapsed);
      },
    ];
  }
  const open = openOn === pathname;
  return [open, () => setOpenOn(open ? null : pathname)];
}

/**
 * The signed-in sidebar (spec: Dashboard, My Courses, Profile, Settings; the learner's avatar, name and
 * email; Logout). Collapsible: an icon rail on desktop, a closed menu on mobile.
 */
export function Sidebar({ user }: { user: User }) {
  const [expanded, toggle] = useExpanded();
  const logout = useLogout();
  const panelId = useId();
  // Collapsed on desktop, labels stay for screen readers and as tooltips.
  const label = cn(!expanded && 'md:sr-only');

  return (
    // A named region, not <aside>: it sits inside <main>, where a complementary landmark may not.
    <section
      aria-label={t('Your account')}
      className={cn(
        'shrink-0 border-b border-border bg-surface md:sticky md:top-16 md:h-[calc(100vh-4rem)] md:border-r md:border-b-0',
        'md:transition-[width] md:duration-200 motion-reduce:transition-none',
        expanded ? 'md:w-64' : 'md:w-[4.5rem]',
      )}
    >
      <div className="flex h-full flex-col gap-3 p-3">
        <div className={cn('flex items-center gap-3', !expanded && 'md:flex-col-reverse')}>
          <UserAvatar name={user.name} src={user.avatarUrl} className="size-10" />
          <div className={cn('min-w-0 flex-1', label)}>
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={expanded ? t('Collapse sidebar') : t('Expand sidebar')}
            onClick={toggle}
          >
            <span className="md:hidden">
              {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            </span>
            <span className="hidden md:inline">
              {expanded ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
            </span>
          </Button>
        </div>

        <div id={panelId} className={cn('min-h-0 flex-1 flex-col gap-3', expanded ? 'flex' : 'hidden md:flex')}>
          <nav aria-label={t('Sidebar')}>
            <ul className="flex flex-col gap-1">
              {ITEMS.map(({ to, label: id, Icon }) => {
                const text = t(id);
                return (
                  <li key={to}>
                    <NavLink
                      to={to}
                      title={expanded ? undefined : text}
                      className={({ isActive }) =>
                        cn(
                          'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-surface-2',
                          !expanded && 'md:justify-center md:px-0',
                          isActive ? 'bg-accent/15 text-accent' : 'text-fg',
                        )
                      }
                    >
                      <Icon className="size-5 shrink-0" aria-hidden="true" />
                      <span className={label}>{text}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <Button
            variant="ghost"
            className={cn('justify-start md:mt-auto', !expanded && 'md:justify-center md:px-0')}
            title={expanded ? undefined : t('Logout')}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" />
            <span className={label}>{t('Logout')}</span>
          </Button>
        </div>
      </div>
    </section>
  );
}
