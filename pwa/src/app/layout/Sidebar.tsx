import { NavLink } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { Tooltip } from '@/ui/Tooltip';
import { cn } from '@/ui/cn';
import { PanelLeftIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { navItemsFor } from './nav-items';

/** The left navigation on large screens: 256 px, or a 64 px icon rail when collapsed (Ctrl+B). */
export function Sidebar() {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggle = useUiStore((state) => state.toggleSidebar);
  const role = useAuthStore((state) => state.user?.role);

  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        'sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r bg-sidebar transition-[width] duration-200 lg:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {navItemsFor(role).map(({ to, label, icon: Icon }) => {
            const link = (
              <NavLink
                to={to}
                aria-label={collapsed ? label : undefined}
                data-plain-link
                className={({ isActive }) =>
                  cn(
                    'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                    collapsed && 'w-12 justify-center px-0',
                    isActive
                      ? 'bg-primary/10 text-primary'
                      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                  )
                }
              >
                <Icon className="size-5 shrink-0" />
                {!collapsed && <span className="truncate">{label}</span>}
              </NavLink>
            );
            return (
              <li key={to}>
                {collapsed ? (
                  <Tooltip content={label} side="right">
                    {link}
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t p-2">
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-keyshortcuts="Control+B"
          title={`${collapsed ? 'Expand' : 'Collapse'} sidebar (Ctrl+B)`}
          className={cn(
            'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground',
            collapsed && 'w-12 justify-center px-0',
          )}
        >
          <PanelLeftIcon className="size-5 shrink-0" />
          {collapsed ? <span className="sr-only">Expand sidebar</span> : <span>Collapse sidebar</span>}
        </button>
      </div>
    </aside>
  );
}
