import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SyncIndicator } from '@/features/sync/SyncIndicator';
import { useAppConfig } from '@/lib/app-config';
import { Button } from '@/ui/Button';
import { Logo } from '@/ui/Logo';
import { MenuIcon, UploadIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { UserMenu } from './UserMenu';

// The full indicator needs the sync engine (and Dexie); until it loads, the plain online/offline one shows.
const SyncStatusPanel = lazy(() =>
  import('@/features/sync/SyncStatusPanel').then((module) => ({ default: module.SyncStatusPanel })),
);

export function TopBar() {
  const name = useAppConfig((state) => state.appName);
  const openImport = useUiStore((state) => state.openImport);
  const menuOpen = useUiStore((state) => state.mobileMenuOpen);
  const setMenuOpen = useUiStore((state) => state.setMobileMenuOpen);
  const navigate = useNavigate();

  return (
    <header data-toast-below className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <button
        type="button"
        onClick={() => setMenuOpen(true)}
        aria-label="Open menu"
        aria-expanded={menuOpen}
        className="rounded-md p-2 hover:bg-accent lg:hidden"
      >
        <MenuIcon className="size-5" />
      </button>
      <Link to="/dashboard" data-plain-link className="flex min-w-0 items-center gap-2 font-semibold">
        <Logo className="size-7 shrink-0" />
        <span className="truncate text-lg">{name}</span>
      </Link>
      <div className="ml-auto flex items-center gap-2">
        <Button size="sm" onClick={openImport} className="max-sm:hidden">
          <UploadIcon /> Upload CSV
        </Button>
        <Suspense fallback={<SyncIndicator />}>
          <SyncStatusPanel onSignIn={() => navigate('/auth')} />
        </Suspense>
        <UserMenu />
      </div>
    </header>
  );
}
