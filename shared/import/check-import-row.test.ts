import { describe, expect, it } from 'vitest';
import { importRowSchema } from '../mutations/args.schema';
import { checkImportRow } from './check-import-row';

describe('checkImportRow', () => {
  it('gives a row the import mutation takes, with a new uid each time', () => {
    const first = checkImportRow({ name: 'Ana', email: 'ana@x.com', phone: '555-0100' });
    const second = checkImportRow({ name: 'Ana', email: 'ana@x.com', phone: '555-0100' });
    expect(first).toMatchObject({ ok: true, row: { name: 'Ana', email: 'ana@x.com', phone: '555-0100' } });
    if (!first.ok || !second.ok) throw new Error('refused');
    expect(importRowSchema.parse(first.row)).toEqual(first.row);
    expect(first.row.uid).not.toBe(second.row.uid);
  });

  it('names the fields a refused row got wrong, and says what is wrong with a row that is no object', () => {
    expect(checkImportRow({ name: '', email: 'not an email' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/^name: .+; email: .+/),
      field: 'name, email',
    });
    expect(checkImportRow('Ana,ana@x.com')).toEqual({ ok: false, reason: expect.any(String), field: null });
  });
});
