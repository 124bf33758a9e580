/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1), stored self-describing as
 * `scrypt$N$r$p$salt$hash` (base64url) so the cost can grow, or the scheme move to Argon2id, without
 * breaking existing hashes. Verification reads the parameters from the stored string.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function optionsFor(N: number, r: number, p: number): ScryptOptions {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below OWASP's cost.
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const N = 2 ** logN;
  const r = 8;
  const p = 1;
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, optionsFor(N, r, p));
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every(Number.isSafeInteger) || N > 2 ** 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), optionsFor(N, R, P));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(logN: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummyHash;
}
