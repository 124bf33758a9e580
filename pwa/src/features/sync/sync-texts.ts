/** What the sync indicator says: short and honest. Pure, so it is tested without rendering. */
import { etaText } from '@shared/format/eta';
import type { SyncStatus } from '@/sync/status-store';

/** A device that has not synced for this long is warned (Safari may evict unused data after 7 days). */
export const STALE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return plural(Math.round(hours / 24), 'day') + ' ago';
}

export function waitingText(pendingCount: number): string {
  return `${plural(pendingCount, 'change')} waiting`;
}

export function lastSyncText(status: Pick<SyncStatus, 'lastSyncAt'>, now: number): string {
  return status.lastSyncAt ? `Synced ${timeAgo(status.lastSyncAt, now)}` : 'Not synced yet';
}

export type Tone = 'ok' | 'busy' | 'warning' | 'error';

/** The server could not be reached although the browser is online: like offline, not an error. */
export function unreachableText(pendingCount: number): string {
  return pendingCount ? `Can't reach the server — ${waitingText(pendingCount)}, retrying` : "Can't reach the server — retrying";
}

/** The indicator's one-line label and its tone. */
export function indicatorSummary(status: SyncStatus, now: number): { label: string; tone: Tone } {
  if (status.needsSignIn) return { label: 'Sync paused — sign in again', tone: 'error' };
  if (!status.online) {
    return { label: status.pendingCount ? `Offline · ${waitingText(status.pendingCount)}` : 'Offline', tone: 'warning' };
  }
  if (status.pushProgress && status.pushProgress.total > 1) {
    const { sent, total, startedAt } = status.pushProgress;
    const eta = etaText(sent, total, now - startedAt);
    return { label: `Sending ${sent.toLocaleString('en-US')} of ${plural(total, 'change')}…${eta ? ` ${eta}` : ''}`, tone: 'busy' };
  }
  if (status.syncing && status.pullProgress) {
    return { label: `Receiving changes: ${status.pullProgress.received.toLocaleString('en-US')} so far…`, tone: 'busy' };
  }
  if (status.syncing) return { label: 'Syncing…', tone: 'busy' };
  if (status.unreachable) return { label: unreachableText(status.pendingCount), tone: 'warning' };
  if (status.error) return { label: 'Sync error', tone: 'error' };
  if (status.rejected.length) return { label: `${plural(status.rejected.length, 'change')} not accepted`, tone: 'error' };
  if (status.pendingCount) return { label: waitingText(status.pendingCount), tone: 'busy' };
  return { label: lastSyncText(status, now), tone: 'ok' };
}

/** A warning when this device has changes or data that have not reached the server for days. */
export function staleWarning(status: SyncStatus, now: number): string | null {
  if (!status.lastSyncAt || now - Date.parse(status.lastSyncAt) < STALE_AFTER_MS) return null;
  return `This device has not synced for ${timeAgo(status.lastSyncAt, now).replace(' ago', '')}. Connect to keep your changes safe.`;
}

export function retryText(nextRetryAt: number | null, now: number): string | null {
  if (nextRetryAt === null) return null;
  const seconds = Math.max(1, Math.round((nextRetryAt - now) / 1000));
  return seconds < 60 ? `Retrying in ${seconds} s` : `Retrying in ${Math.round(seconds / 60)} min`;
}
