import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/ui/Spinner';
import { ImportDialogSlot } from './ImportDialogSlot';
import { MobileMenu } from './MobileMenu';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarShortcut } from './useSidebarShortcut';

/** Every signed-in page: top bar, sidebar (or the mobile menu), the page, and the import dialog slot. */
export function AppLayout() {
  useSidebarShortcut();
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <div className="flex">
        <Sidebar />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileMenu />
      <ImportDialogSlot />
    </div>
  );
}
