import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses scrypt at OWASP cost in a self-describing format, salted', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse!', hash)).toBe(false);
  });

  it('verifies hashes made at another cost, and refuses malformed or absurd ones', async () => {
    const cheap = await hashPassword('pw', 10);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', cheap.replace('$1024$', `$${2 ** 30}$`))).toBe(false);
  });
});
