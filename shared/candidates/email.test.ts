import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ana.Cruz@Example.COM \n')).toBe('ana.cruz@example.com');
  });

  it('turns a missing email into an empty string', () => {
    expect(normalizeEmail(null)).toBe('');
    expect(normalizeEmail(undefined)).toBe('');
    expect(normalizeEmail('   ')).toBe('');
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses, surrounding spaces allowed', () => {
    expect(isValidEmail('ana@example.com')).toBe(true);
    expect(isValidEmail(' ana+sales@mail.example.co.uk ')).toBe(true);
  });

  it('refuses empty and malformed values', () => {
    for (const bad of ['', '   ', 'ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', null, undefined]) {
      expect(isValidEmail(bad), String(bad)).toBe(false);
    }
  });

  it('refuses an address longer than the schema allows', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });
});
