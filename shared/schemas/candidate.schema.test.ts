import { describe, expect, it } from 'vitest';
import { candidateFieldsSchema } from './candidate.schema';
import { importRowSchema } from '../mutations/args.schema';
import { describeIssues } from '../mutations/index';

const messages = (input: Record<string, unknown>) => {
  const parsed = candidateFieldsSchema.safeParse({ name: 'Ann', email: 'ann@x.io', ...input });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('candidate field messages', () => {
  it('says a value is too long, not that it is missing', () => {
    expect(messages({ name: 'x'.repeat(201) })).toEqual({ name: 'Name must be at most 200 characters' });
    expect(messages({ email: `${'x'.repeat(250)}@x.io` })).toEqual({ email: 'Email must be at most 254 characters' });
    expect(messages({ name: '' })).toEqual({ name: 'Name is required' });
  });

  it('names the field holding a character that cannot be stored', () => {
    expect(messages({ name: 'Ann\u0000' })).toEqual({ name: 'Contains a character that cannot be stored' });
    expect(messages({ location: 'Oslo \uD83D' })).toEqual({ location: 'Contains a character that cannot be stored' });
    expect(messages({ notes: '\uDE00 lone' })).toEqual({ notes: 'Contains a character that cannot be stored' });
    expect(messages({ skills: 'Closing 😀' })).toEqual({});
  });

  it('refuses applied dates outside the years a database or a device stores', () => {
    expect(messages({ appliedDate: '0000-01-01T00:00:00Z' })).toEqual({ appliedDate: 'Must be a date between the years 1900 and 2100' });
    expect(messages({ appliedDate: '9999-12-31T00:00:00Z' })).toEqual({ appliedDate: 'Must be a date between the years 1900 and 2100' });
    expect(messages({ appliedDate: '2026-11-22T00:00:00Z' })).toEqual({});
  });

  it('reads an applied date in any form the import reads, a date alone as that calendar day', () => {
    const applied = (appliedDate: string) => candidateFieldsSchema.parse({ name: 'Ann', email: 'ann@x.io', appliedDate }).appliedDate;
    for (const day of ['2026-11-22', ' 2026-11-22 ', '2026/11/22', '11/22/2026', '11/22/26', 'Nov 22, 2026', 'November 22nd, 2026', '22 November 2026', '46348']) {
      expect(applied(day), day).toBe('2026-11-22T00:00:00.000Z');
    }
    // With a zone: that instant. Without one: the wall-clock time in Pacific time, as the table shows it.
    expect(applied('2026-11-22T10:30:00-08:00')).toBe('2026-11-22T18:30:00.000Z');
    expect(applied('2026-11-22T10:30:00.123456+0800')).toBe('2026-11-22T02:30:00.123Z');
    expect(applied('2026-11-22T10:30')).toBe('2026-11-22T18:30:00.000Z');
    expect(applied('2026-11-22 10:30:15')).toBe('2026-11-22T18:30:15.000Z');
    expect(applied('11/22/2026 3:15 PM')).toBe('2026-11-22T23:15:00.000Z');
    expect(applied('7/4/2026 9:00 AM')).toBe('2026-07-04T16:00:00.000Z');
    for (const bad of ['2026-02-30', 'last Tuesday', '13/13/2026', '']) {
      expect(messages({ appliedDate: bad }), bad).toEqual({ appliedDate: 'Must be a date (2026-11-22, 11/22/2026, Nov 22, 2026) or an ISO date-time' });
    }
  });

  it('names the row of an import batch that a server refuses', () => {
    const parsed = importRowSchema.array().safeParse([
      { uid: '00000000-0000-4000-8000-000000000001', name: 'Ok', email: 'ok@x.io' },
      { uid: '00000000-0000-4000-8000-000000000002', name: 'Bad\u0000', email: 'bad@x.io' },
    ]);
    expect(parsed.success).toBe(false);
    const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ ...issue, path: ['rows', ...issue.path] }));
    expect(describeIssues(issues)).toBe('row 2 of the batch: name: Contains a character that cannot be stored');
  });
});
