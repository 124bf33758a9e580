import { Link } from 'react-router-dom';
import { useAppConfig } from '@/lib/app-config';
import { promptInstall, useCanInstall } from '@/lib/install-prompt';
import { Button, buttonClasses } from '@/ui/Button';
import { Logo } from '@/ui/Logo';
import { DownloadIcon } from '@/ui/icons';
import { Features } from './Features';
import { Hero } from './Hero';

/** The public start page: what the product does, with static sample figures, and the way in. */
export function LandingPage() {
  const appName = useAppConfig((state) => state.appName);
  const canInstall = useCanInstall();
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" data-plain-link className="flex items-center gap-2 text-lg font-bold">
            <Logo className="size-8" /> {appName}
          </Link>
          <nav aria-label="Account" className="ml-auto flex items-center gap-2">
            {canInstall && (
              <Button variant="outline" size="sm" onClick={() => void promptInstall()}>
                <DownloadIcon className="size-4" /> Install app
              </Button>
            )}
            <Link to="/auth" data-plain-link className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Log in
            </Link>
            <Link to="/auth?tab=register" data-plain-link className={buttonClasses({ size: 'sm' })}>
              Sign up
            </Link>
          </nav>
        </div>
      </header>
      <main>
        <Hero />
        <Features />
        <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-4xl rounded-2xl bg-gradient-to-br from-indigo-600 to-indigo-800 px-6 py-14 text-center text-white shadow-xl sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">Ready to build your sales team?</h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">
              Bring your candidate spreadsheets and start hiring today. It runs in the browser and installs on laptops
              and tablets.
            </p>
            <Link
              to="/auth"
              data-plain-link
              className={buttonClasses({ variant: 'onBrand', size: 'lg' }) + ' mt-8'}
            >
              Get Started
            </Link>
          </div>
        </section>
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p className="flex items-center gap-2">
            <Logo className="size-5" /> © {new Date().getFullYear()} {appName}
          </p>
          <p>Recruiting for sales teams, online or off.</p>
        </div>
      </footer>
    </div>
  );
}
