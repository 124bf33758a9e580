import { describe, expect, it } from 'vitest';
import { cellText, parseDateCell } from './cell-values';
import { parseStatusCell } from './status-aliases';

describe('cellText', () => {
  it('reads primitives and Dates, trims text', () => {
    expect(cellText('  Ana ')).toBe('Ana');
    expect(cellText(9495550101)).toBe('9495550101');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date('2024-01-05T00:00:00Z'))).toBe('2024-01-05T00:00:00.000Z');
  });

  it('turns empty, non-finite and object cells into empty text', () => {
    for (const value of [null, undefined, '', '   ', Number.NaN, Infinity, { toString: () => 'x' }, ['a'], new Date('nope')]) {
      expect(cellText(value)).toBe('');
    }
  });
});

describe('parseDateCell', () => {
  const la = 'America/Los_Angeles';
  const iso = (value: unknown, zone = la) => {
    const result = parseDateCell(value, zone);
    return result.kind === 'date' ? result.iso : result.kind;
  };

  it('keeps instants that carry their zone', () => {
    expect(iso('2024-01-05T10:00:00Z')).toBe('2024-01-05T10:00:00.000Z');
    expect(iso('2024-01-05 10:00:00+0800')).toBe('2024-01-05T02:00:00.000Z');
    expect(iso('2024-01-05T10:00:00.123-05:00')).toBe('2024-01-05T15:00:00.123Z');
    expect(iso(new Date('2024-01-05T10:00:00Z'))).toBe('2024-01-05T10:00:00.000Z');
  });

  it('reads times without a zone in the given zone', () => {
    expect(iso('2024/1/5 13:45')).toBe('2024-01-05T21:45:00.000Z');
    expect(iso('01/05/24 1:30 PM')).toBe('2024-01-05T21:30:00.000Z');
    expect(iso('1/5/2024 12:10 am')).toBe('2024-01-05T08:10:00.000Z');
    expect(iso('2024-01-05 00:00', 'UTC')).toBe('2024-01-05T00:00:00.000Z');
  });

  it('reads a date without a time as that calendar day, in any zone (midnight UTC)', () => {
    for (const zone of [la, 'UTC', 'Asia/Manila', 'Pacific/Kiritimati']) {
      expect(iso('2024-01-05', zone)).toBe('2024-01-05T00:00:00.000Z');
      expect(iso('1/5/2024', zone)).toBe('2024-01-05T00:00:00.000Z');
      expect(iso('25/12/2023', zone)).toBe('2023-12-25T00:00:00.000Z');
      expect(iso('Jan 5, 2024', zone)).toBe('2024-01-05T00:00:00.000Z');
      expect(iso('September 30th, 2024', zone)).toBe('2024-09-30T00:00:00.000Z');
      expect(iso('5 Sept 2024', zone)).toBe('2024-09-05T00:00:00.000Z');
    }
  });

  it('reads spreadsheet serial numbers: a whole one as a date, a fraction as a wall-clock time', () => {
    expect(iso(45296, 'UTC')).toBe('2024-01-05T00:00:00.000Z');
    expect(iso(45296, la)).toBe('2024-01-05T00:00:00.000Z');
    expect(iso(45296.5, 'UTC')).toBe('2024-01-05T12:00:00.000Z');
    expect(iso(45296.5, la)).toBe('2024-01-05T20:00:00.000Z');
    expect(iso('45296', la)).toBe('2024-01-05T00:00:00.000Z');
  });

  it('reports empty and unreadable cells', () => {
    expect(parseDateCell('', la)).toEqual({ kind: 'empty' });
    expect(parseDateCell(null, la)).toEqual({ kind: 'empty' });
    for (const bad of ['last Tuesday', '2024-02-30', '13/13/2024', '1/5/2024 13:00 PM', 'Foo 5, 2024', 0, -3, 1e9]) {
      expect(parseDateCell(bad, la).kind, String(bad)).toBe('invalid');
    }
    expect(parseDateCell('soon', la)).toEqual({ kind: 'invalid', text: 'soon' });
  });
});

describe('parseStatusCell', () => {
  it('reads status words and common synonyms forgivingly', () => {
    expect(parseStatusCell('Interviewed')).toBe('interview');
    expect(parseStatusCell('TURNED DOWN')).toBe('rejected');
    expect(parseStatusCell('turned-down')).toBe('rejected');
    expect(parseStatusCell('Offer Extended')).toBe('offer');
    expect(parseStatusCell('hired')).toBe('hired');
    expect(parseStatusCell('All Candidates')).toBe('new');
    expect(parseStatusCell('Screening')).toBe('screening');
    expect(parseStatusCell('assessment')).toBe('assessment');
  });

  it('returns null for words it does not know', () => {
    expect(parseStatusCell('maybe later')).toBeNull();
    expect(parseStatusCell('constructor')).toBeNull();
  });
});
