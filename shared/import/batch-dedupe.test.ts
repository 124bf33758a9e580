import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dedupeBatch } from './batch-dedupe';
import { mapRows } from './row-mapping';

function imported(rows: unknown[][]) {
  const result = mapRows([['Name', 'Email', 'Phone', 'Status', 'Notes'], ...rows], { timeZone: 'UTC' });
  if (!result.ok) throw new Error(result.message);
  return result.candidates;
}

describe('dedupeBatch', () => {
  it('merges rows with the same email into the first, later filled-in fields winning', () => {
    const rows = imported([
      ['Ana', 'ana@x.com', '111', 'hired', 'first note'],
      ['Ben', 'ben@x.com', '', '', ''],
      ['Ana Cruz', ' ANA@x.com ', '', '', 'second note'],
    ]);
    const { candidates, merged } = dedupeBatch(rows);
    expect(merged).toBe(1);
    expect(candidates.map((c) => c.row)).toEqual([2, 3]);
    expect(candidates[0]!.candidate).toMatchObject({
      name: 'Ana Cruz',
      email: ' ANA@x.com '.trim(),
      phone: '111',
      status: 'hired',
      notes: 'second note',
    });
    expect([...candidates[0]!.provided].sort()).toEqual(['email', 'name', 'notes', 'phone', 'status']);
  });

  it('does not change its input', () => {
    const rows = imported([
      ['Ana', 'ana@x.com', '111', '', ''],
      ['Ana', 'ana@x.com', '222', '', ''],
    ]);
    dedupeBatch(rows);
    expect(rows[0]!.candidate.phone).toBe('111');
    expect(rows[0]!.provided).toEqual(['name', 'email', 'phone']);
  });

  it('leaves one row per email and is idempotent (property)', () => {
    const row = fc.tuple(
      fc.constantFrom('Ana', 'Ben'),
      fc.constantFrom('a@x.com', 'A@X.com', 'b@x.com', 'c@x.com'),
      fc.constantFrom('', '111', '222'),
      fc.constantFrom('', 'hired', 'offer'),
      fc.constantFrom('', 'note'),
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (raw) => {
        const rows = imported(raw);
        const once = dedupeBatch(rows);
        const emails = once.candidates.map((c) => c.candidate.email.toLowerCase());
        expect(new Set(emails).size).toBe(emails.length);
        expect(once.candidates.length + once.merged).toBe(rows.length);
        expect(dedupeBatch(once.candidates).candidates).toEqual(once.candidates);
      }),
    );
  });
});
