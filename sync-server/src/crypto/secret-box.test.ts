import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const SECRET = 'a-secret-that-is-at-least-32-characters-long';

describe('SecretBox', () => {
  it('round-trips, with a fresh IV every time and no plaintext in the stored form', () => {
    const box = new SecretBox(SECRET, 'provider-api-key');
    const a = box.seal('pk_live_123', 'user:1');
    const b = box.seal('pk_live_123', 'user:1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('pk_live');
    expect(box.open(a, 'user:1')).toBe('pk_live_123');
  });

  it('refuses another owner, another secret, another purpose and tampering', () => {
    const box = new SecretBox(SECRET, 'provider-api-key');
    const sealed = box.seal('pk_live_123', 'user:1');
    expect(box.open(sealed, 'user:2')).toBeUndefined();
    expect(new SecretBox(SECRET + 'x', 'provider-api-key').open(sealed, 'user:1')).toBeUndefined();
    expect(new SecretBox(SECRET, 'other').open(sealed, 'user:1')).toBeUndefined();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'user:1')).toBeUndefined();
    expect(box.open('garbage', 'user:1')).toBeUndefined();
  });

  it('wants a real secret', () => {
    expect(() => new SecretBox('short', 'x')).toThrow(/32/);
  });
});
