import { describe, expect, it } from 'vitest';
import {
  fieldForHeader,
  fieldOfColumn,
  headerSignature,
  missingRequiredColumns,
  normalizeHeader,
  resolveColumns,
  sameColumns,
  sanitizeColumns,
  withColumnField,
} from './column-mapping';

describe('normalizeHeader', () => {
  it('ignores case, spaces, underscores, dashes, punctuation and accents', () => {
    expect(normalizeHeader(' E-mail Address ')).toBe('emailaddress');
    expect(normalizeHeader('PHONE_NUMBER')).toBe('phonenumber');
    expect(normalizeHeader('Date Applied (PST)?')).toBe('dateappliedpst');
    expect(normalizeHeader('Ubicación')).toBe('ubicacion');
    expect(normalizeHeader('\uFEFFName')).toBe('name');
  });

  it('treats non-text headers as empty', () => {
    expect(normalizeHeader(null)).toBe('');
    expect(normalizeHeader({ toString: () => 'email' })).toBe('');
    expect(normalizeHeader(42)).toBe('42');
  });
});

describe('fieldForHeader', () => {
  it.each([
    ['Name', 'name'],
    ['Full Name', 'name'],
    ['Candidate Name', 'name'],
    ['First Name', 'firstName'],
    ['last_name', 'lastName'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['Phone Number', 'phone'],
    ['Mobile', 'phone'],
    ['Cell', 'phone'],
    ['Telephone', 'phone'],
    ['City', 'city'],
    ['Location', 'location'],
    ['Address', 'address'],
    ['Source', 'source'],
    ['Experience', 'experience'],
    ['Years of Experience', 'yearsOfExperience'],
    ['Skills', 'skills'],
    ['Notes', 'notes'],
    ['Status', 'status'],
    ['Applied Date', 'appliedDate'],
    ['Date Applied', 'appliedDate'],
    ['Timestamp', 'appliedDate'],
  ])('maps %s to %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it('matches nothing for unknown and prototype-like headers', () => {
    for (const header of ['Favourite Colour', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'Date of Birth']) {
      expect(fieldForHeader(header), header).toBeNull();
    }
  });
});

describe('resolveColumns', () => {
  it('maps each field to a column and reports the columns it ignores', () => {
    const { columns, ignoredHeaders } = resolveColumns(['Full Name', 'E-mail', 'Salary', 'Mobile', '__proto__', '', null]);
    expect(columns).toEqual({ name: 0, email: 1, phone: 3 });
    expect(ignoredHeaders).toEqual(['Salary', '__proto__']);
    expect(Object.getPrototypeOf(columns)).toBe(Object.prototype);
  });

  it('prefers the better-named column whatever the order, then the leftmost', () => {
    expect(resolveColumns(['Date', 'Applied Date']).columns).toEqual({ appliedDate: 1 });
    expect(resolveColumns(['Applied Date', 'Date']).columns).toEqual({ appliedDate: 0 });
    expect(resolveColumns(['Date', 'Applied Date']).ignoredHeaders).toEqual(['Date']);
    expect(resolveColumns(['Phone', 'Mobile'])).toEqual({ columns: { phone: 0 }, ignoredHeaders: ['Mobile'] });
    expect(resolveColumns(['Work Email', 'Email']).columns).toEqual({ email: 1 });
  });

  it('says which required columns are missing', () => {
    expect(missingRequiredColumns(resolveColumns(['Name', 'Email']).columns)).toEqual([]);
    expect(missingRequiredColumns(resolveColumns(['First Name', 'Email']).columns)).toEqual([]);
    expect(missingRequiredColumns(resolveColumns(['Phone']).columns)).toEqual(['email', 'name']);
    expect(missingRequiredColumns(resolveColumns([]).columns)).toEqual(['email', 'name']);
  });
});

describe('mappings chosen by hand', () => {
  const headers = ['Full Name', 'E-mail', 'Best number', 'Notes'];

  it('reads the chosen columns and reports every other header as not imported', () => {
    expect(resolveColumns(headers).columns).toEqual({ name: 0, email: 1, notes: 3 });
    const chosen = withColumnField(resolveColumns(headers).columns, 2, 'phone');
    expect(chosen).toEqual({ name: 0, email: 1, phone: 2, notes: 3 });
    expect(resolveColumns(headers, withColumnField(chosen, 3, null))).toEqual({ columns: { name: 0, email: 1, phone: 2 }, ignoredHeaders: ['Notes'] });
  });

  it('gives a field one column: choosing it for another column takes it from the first', () => {
    const columns = withColumnField({ name: 0, email: 1 }, 3, 'email');
    expect(columns).toEqual({ name: 0, email: 3 });
    expect(fieldOfColumn(columns, 1)).toBeNull();
    expect(fieldOfColumn(columns, 3)).toBe('email');
  });

  it('keeps only known fields on existing, distinct columns', () => {
    const hostile = JSON.parse('{"__proto__": 1, "email": 1, "name": 1, "phone": 9, "skills": 1.5, "notes": "2", "status": 2, "bogus": 3}');
    expect(sanitizeColumns(hostile, 4)).toEqual({ name: 1, status: 2 });
    expect(sanitizeColumns(null, 4)).toEqual({});
    expect(sameColumns({ email: 1, name: 0 }, { name: 0, email: 1 })).toBe(true);
    expect(sameColumns({ email: 1 }, { email: 2 })).toBe(false);
  });
});

describe('headerSignature', () => {
  it('is the same for headers that differ only in spelling details or trailing empty columns', () => {
    expect(headerSignature(['Full Name', 'E-mail', 'Best number'])).toBe('fullname|email|bestnumber');
    expect(headerSignature([' full_name ', 'EMAIL', 'BEST_NUMBER', '', null])).toBe('fullname|email|bestnumber');
  });

  it('differs when the columns or their order differ', () => {
    const base = headerSignature(['Name', 'Email', 'Best number']);
    expect(headerSignature(['Email', 'Name', 'Best number'])).not.toBe(base);
    expect(headerSignature(['Name', '', 'Email', 'Best number'])).not.toBe(base);
    expect(headerSignature(['Name', 'Email'])).not.toBe(base);
  });
});
