import { useRouteError } from 'react-router-dom';
import { Button } from '@/ui/Button';

/** A screen's code failed to load, typically after an update replaced the files it needed. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(message);
}

/** Shown instead of a screen that threw while loading or rendering; the rest of the app keeps working. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <div role="alert" className="mx-auto my-16 grid max-w-md gap-3 rounded-lg border bg-card p-6 text-card-foreground">
      <h1 className="text-lg font-semibold">{chunk ? 'This screen could not be loaded' : 'Something went wrong'}</h1>
      <p className="text-sm text-muted-foreground">
        {chunk
          ? navigator.onLine
            ? 'A newer version of the app is available. Reload to continue.'
            : 'You are offline and this screen is not on the device yet. Reconnect and reload.'
          : error instanceof Error
            ? error.message
            : 'Unknown error'}
      </p>
      <div>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}
