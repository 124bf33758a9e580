import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/format/dates';
import { formatLastUsed, maskedKey } from './format';

describe('API key display', () => {
  it('shows the stored prefix followed by an ellipsis', () => {
    expect(maskedKey('rk_AbC1234')).toBe('rk_AbC1234…');
  });

  it('says Never for a key not used yet', () => {
    expect(formatLastUsed(null)).toBe('Never');
    expect(formatLastUsed('not a date')).toBe('Never');
    // The app's one date-time format.
    expect(formatLastUsed('2026-03-04T15:06:00.000Z')).toBe(formatDateTime('2026-03-04T15:06:00.000Z'));
    expect(formatLastUsed('2026-03-04T15:06:00.000Z')).toMatch(/^Mar [34], 2026, \d{1,2}:\d{2} [AP]M \S+$/);
  });
});
