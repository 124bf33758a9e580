import { Link } from 'react-router-dom';
import { buttonClasses } from '@/ui/Button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClasses({ variant: 'outline', size: 'sm' }) + ' mt-6'} data-plain-link>
          Go to the start page
        </Link>
      </div>
    </main>
  );
}
