import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { displayNameOf } from '@/features/auth/display-name';
import { promptInstall, useCanInstall } from '@/lib/install-prompt';
import { Badge } from '@/ui/Badge';
import { ChevronDownIcon, DownloadIcon, LogOutIcon, SettingsIcon } from '@/ui/icons';
import { useSignOut } from './useSignOut';

const ITEM =
  'flex w-full items-center gap-2 rounded-sm px-2 py-2 text-sm data-focus:bg-accent data-focus:text-accent-foreground [&_svg]:size-4';

/**
 * "{name}'s Account" with the role, Settings, Install app (when the browser offers it) and Sign out. The
 * name is the user's display name when they gave one, else their username.
 */
export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const { signOut, busy } = useSignOut();
  const canInstall = useCanInstall();
  if (!user) return null;
  const name = displayNameOf(user);
  const initial = name.charAt(0).toUpperCase();

  return (
    <Menu>
      <MenuButton
        aria-label={`Account menu for ${name}`}
        className="flex h-9 items-center gap-2 rounded-full border bg-background py-1 pr-2 pl-1 text-sm hover:bg-accent"
      >
        {/* The initial is drawn by CSS, not text: the visible label stays the username, which the name contains. */}
        <span
          aria-hidden="true"
          data-initial={initial}
          className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initial)]"
        />
        <span className="hidden max-w-32 truncate font-medium md:inline">{name}</span>
        <ChevronDownIcon className="size-4 opacity-60" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-50 w-60 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg [--anchor-gap:6px] transition duration-100 focus:outline-none data-closed:opacity-0"
      >
        <div className="px-2 py-2">
          <p className="truncate text-sm font-semibold">{name}'s Account</p>
          {name !== user.username && <p className="truncate text-xs text-muted-foreground">@{user.username}</p>}
          <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
            Role
            <Badge variant={user.role === 'admin' ? 'destructive' : 'secondary'}>{user.role}</Badge>
          </div>
        </div>
        <MenuSeparator className="my-1 h-px bg-border" />
        <MenuItem>
          <Link to="/settings" className={ITEM} data-plain-link>
            <SettingsIcon /> Settings
          </Link>
        </MenuItem>
        {canInstall && (
          <MenuItem>
            <button type="button" onClick={() => void promptInstall()} className={ITEM}>
              <DownloadIcon /> Install app
            </button>
          </MenuItem>
        )}
        <MenuItem disabled={busy}>
          <button type="button" onClick={() => void signOut()} className={ITEM}>
            <LogOutIcon /> {busy ? 'Signing out…' : 'Sign out'}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
