import { describe, expect, it } from 'vitest';
import { isTransientDbError } from './transient';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isTransientDbError', () => {
  it('retries serialization failures, lost connections and an administrator shutdown', () => {
    for (const code of ['40001', '40P01', '08006', '53300', '57P01', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isTransientDbError(withCode(code)), code).toBe(true);
    }
    expect(isTransientDbError(Object.assign(new Error('pool'), { name: 'KnexTimeoutError' }))).toBe(true);
  });

  it('retries the errors pg raises when the database went away under an open connection', () => {
    // As knex reports them: the SQL, then pg's message (which has no SQLSTATE).
    expect(isTransientDbError(new Error('select * from "sessions" - Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDbError(new Error('COMMIT; - Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isTransientDbError(new Error('ROLLBACK - Client was closed and is not queryable'))).toBe(true);
    // As Objection wraps them (DBError with the driver's error inside).
    const wrapped = Object.assign(new Error('wrapped'), { nativeError: new Error('insert into "candidates" - Connection terminated unexpectedly') });
    expect(isTransientDbError(wrapped)).toBe(true);
  });

  it('blames the request for everything else', () => {
    expect(isTransientDbError(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isTransientDbError(withCode('22P02', 'Connection terminated'))).toBe(false);
    expect(isTransientDbError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isTransientDbError(undefined)).toBe(false);
  });
});
