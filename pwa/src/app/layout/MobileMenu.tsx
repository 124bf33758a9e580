import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { NavLink } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/ui/cn';
import { CloseIcon, LogOutIcon, UploadIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { navItemsFor } from './nav-items';
import { useSignOut } from './useSignOut';

const ENTRY = 'flex h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium';

/** The navigation on phones and tablets: a panel from the left with the same entries, Upload CSV and Sign out. */
export function MobileMenu() {
  const open = useUiStore((state) => state.mobileMenuOpen);
  const setOpen = useUiStore((state) => state.setMobileMenuOpen);
  const openImport = useUiStore((state) => state.openImport);
  const role = useAuthStore((state) => state.user?.role);
  const name = useAppConfig((state) => state.appName);
  const { signOut, busy } = useSignOut();
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onClose={close} className="relative z-50 lg:hidden">
      {/* Animated on opening only, as ui/Dialog.tsx says why. */}
      <DialogBackdrop className="fixed inset-0 animate-[fade-in_200ms_ease-out] bg-black/50" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] animate-[slide-in-left_200ms_ease-out] flex-col bg-background shadow-xl">
        <div className="flex h-14 items-center justify-between border-b px-4">
          <DialogTitle className="text-base font-semibold">{name}</DialogTitle>
          <button type="button" onClick={close} aria-label="Close menu" className="rounded-md p-2 hover:bg-accent">
            <CloseIcon className="size-5" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
          <ul className="grid gap-1">
            {navItemsFor(role).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={close}
                  data-plain-link
                  className={({ isActive }) =>
                    cn(ENTRY, isActive ? 'bg-primary/10 text-primary' : 'hover:bg-accent hover:text-accent-foreground')
                  }
                >
                  <Icon className="size-5" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-1 border-t p-2">
          <button type="button" onClick={openImport} className={cn(ENTRY, 'hover:bg-accent')}>
            <UploadIcon className="size-5" /> Upload CSV
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              close();
              await signOut();
            }}
            className={cn(ENTRY, 'text-destructive hover:bg-destructive/10 disabled:opacity-50')}
          >
            <LogOutIcon className="size-5" /> Sign out
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
