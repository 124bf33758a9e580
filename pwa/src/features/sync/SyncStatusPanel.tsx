/**
 * The sync indicator for the top bar and the panel it opens: online/offline, changes waiting, last
 * sync, errors, "sign in again", and the lists of pending and rejected changes. Driven by the sync
 * engine's status store; it never reads the database except through the engine.
 */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { syncEngine } from '@/sync/app-sync';
import type { SyncEngine } from '@/sync/engine';
import type { SyncStatus } from '@/sync/status-store';
import { PendingChangesList, RejectedChangesList } from './SyncChangeLists';
import { indicatorSummary, lastSyncText, plural, retryText, staleWarning, type Tone } from './sync-texts';
import { useSyncEngineStatus } from './useSyncEngineStatus';

export interface SyncStatusPanelProps {
  engine?: SyncEngine;
  /** Opens the sign-in screen (after a 401 the queue waits for it). */
  onSignIn?: () => void;
}

const TONE_CLASSES: Record<Tone, string> = {
  ok: 'border-success/30 bg-success/10 text-success',
  busy: 'border-border bg-muted text-foreground',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  error: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/** The current time, refreshed every `everyMs` so "2 min ago" stays true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function StatusDot({ tone, online }: { tone: Tone; online: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9z" />
      {!online && <path d="M3 3l18 18" />}
      {tone === 'busy' && <path d="M12 11v5m-2.5-2.5L12 16l2.5-2.5" />}
    </svg>
  );
}

function PanelBody({ engine, status, now, onSignIn }: { engine: SyncEngine; status: SyncStatus; now: number; onSignIn?: () => void }) {
  const stale = staleWarning(status, now);
  const retry = retryText(status.nextRetryAt, now);
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">{status.online ? 'Online' : 'Offline'}</h2>
        <span className="text-xs text-muted-foreground">{lastSyncText(status, now)}</span>
      </div>
      {!status.online && (
        <p className="text-sm text-muted-foreground">Changes are kept on this device and sync when you reconnect.</p>
      )}
      {status.online && status.unreachable && !status.needsSignIn && (
        <div className="text-sm">
          <p className="text-muted-foreground">
            The server can't be reached from this network right now (a Wi-Fi sign-in page, or the server restarting). Changes are kept on
            this device.
          </p>
          {retry && <p className="text-xs text-muted-foreground">{retry}</p>}
        </div>
      )}
      {stale && <p className="text-sm text-warning">{stale}</p>}
      {status.needsSignIn && (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-2 text-sm">
          <p>
            Sync paused — sign in again.{' '}
            {status.pendingCount > 0 && `Your ${plural(status.pendingCount, 'change')} ${status.pendingCount === 1 ? 'is' : 'are'} kept on this device.`}
          </p>
          {onSignIn && (
            <button type="button" onClick={onSignIn} className="mt-2 rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-primary-foreground">
              Sign in
            </button>
          )}
        </div>
      )}
      {status.error && !status.needsSignIn && (
        <div role="alert" className="text-sm">
          <p className="text-destructive">{status.error}</p>
          {retry && <p className="text-xs text-muted-foreground">{retry}</p>}
        </div>
      )}
      <RejectedChangesList engine={engine} rejected={status.rejected} />
      <PendingChangesList engine={engine} pendingCount={status.pendingCount} now={now} />
      <button
        type="button"
        disabled={!status.online || status.syncing || status.needsSignIn}
        onClick={() => void engine.syncNow()}
        className="w-full rounded-md border border-input px-3 py-1.5 text-sm font-medium hover:bg-accent disabled:opacity-50"
      >
        {status.syncing ? 'Syncing…' : 'Sync now'}
      </button>
    </div>
  );
}

export function SyncStatusPanel({ engine = syncEngine, onSignIn }: SyncStatusPanelProps) {
  const status = useSyncEngineStatus(engine);
  const now = useNow();
  const { label, tone } = indicatorSummary(status, now);
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={`Sync: ${label}`}
        data-tone={tone}
        className={`inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${TONE_CLASSES[tone]}`}
      >
        <StatusDot tone={tone} online={status.online} />
        <span className="hidden max-w-48 truncate sm:inline">{label}</span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-lg"
      >
        <PanelBody engine={engine} status={status} now={now} onSignIn={onSignIn} />
      </PopoverPanel>
    </Popover>
  );
}
