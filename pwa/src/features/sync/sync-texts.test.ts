import { describe, expect, it } from 'vitest';
import { initialSyncStatus, type SyncStatus } from '@/sync/status-store';
import { indicatorSummary, lastSyncText, retryText, staleWarning, timeAgo } from './sync-texts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const status = (overrides: Partial<SyncStatus> = {}): SyncStatus => ({ ...initialSyncStatus(true), ...overrides });
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('sync texts', () => {
  it('says how long ago', () => {
    expect(timeAgo(ago(10_000), NOW)).toBe('just now');
    expect(timeAgo(ago(2 * 60_000), NOW)).toBe('2 min ago');
    expect(timeAgo(ago(3 * 3_600_000), NOW)).toBe('3 h ago');
    expect(timeAgo(ago(24 * 3_600_000), NOW)).toBe('1 day ago');
    expect(lastSyncText(status(), NOW)).toBe('Not synced yet');
  });

  it('puts the most important state first', () => {
    const busy = status({ pendingCount: 3, lastSyncAt: ago(120_000) });
    expect(indicatorSummary(busy, NOW)).toEqual({ label: '3 changes waiting', tone: 'busy' });
    expect(indicatorSummary(status({ pendingCount: 1 }), NOW).label).toBe('1 change waiting');
    expect(indicatorSummary(status({ lastSyncAt: ago(120_000) }), NOW)).toEqual({ label: 'Synced 2 min ago', tone: 'ok' });
    expect(indicatorSummary({ ...busy, online: false }, NOW)).toEqual({ label: 'Offline · 3 changes waiting', tone: 'warning' });
    expect(indicatorSummary({ ...busy, online: false, needsSignIn: true }, NOW).label).toBe('Sync paused — sign in again');
    expect(indicatorSummary({ ...busy, error: '500: Something broke' }, NOW)).toEqual({ label: 'Sync error', tone: 'error' });
    // No answer from the server while the browser is online reads like offline, not as an error.
    expect(indicatorSummary({ ...busy, unreachable: true }, NOW)).toEqual({ label: "Can't reach the server — 3 changes waiting, retrying", tone: 'warning' });
    expect(indicatorSummary(status({ unreachable: true }), NOW).label).toBe("Can't reach the server — retrying");
    expect(indicatorSummary({ ...busy, syncing: true, pushProgress: { sent: 20, total: 100, startedAt: NOW } }, NOW).label).toBe('Sending 20 of 100 changes…');
    // With a second of progress behind it, the rate so far gives an estimate.
    expect(indicatorSummary({ ...busy, syncing: true, pushProgress: { sent: 20_000, total: 100_000, startedAt: NOW - 10_000 } }, NOW).label).toBe(
      'Sending 20,000 of 100,000 changes… about 40 s left',
    );
    expect(indicatorSummary({ ...busy, syncing: true, pullProgress: { received: 30_000, startedAt: NOW } }, NOW).label).toBe('Receiving changes: 30,000 so far…');
  });

  it('warns when the device has not synced for days', () => {
    expect(staleWarning(status({ lastSyncAt: ago(60_000) }), NOW)).toBeNull();
    expect(staleWarning(status({ lastSyncAt: ago(4 * 24 * 3_600_000) }), NOW)).toBe(
      'This device has not synced for 4 days. Connect to keep your changes safe.',
    );
  });

  it('says when the next retry is', () => {
    expect(retryText(null, NOW)).toBeNull();
    expect(retryText(NOW + 4_200, NOW)).toBe('Retrying in 4 s');
    expect(retryText(NOW + 180_000, NOW)).toBe('Retrying in 3 min');
  });
});
