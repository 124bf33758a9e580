import { describe, expect, it } from 'vitest';
import { RecentText, TextPool } from './text-pool';

/** A copy of `text` that is a distinct string (as a deserialised row brings). */
const copyOf = (text: string) => JSON.parse(JSON.stringify(text)) as string;

describe('TextPool', () => {
  it('pools each distinct text once and answers the same text; null passes', () => {
    const pool = new TextPool();
    expect(pool.share(copyOf('Irvine, CA'))).toBe('Irvine, CA');
    expect(pool.share(copyOf('Irvine, CA'))).toBe('Irvine, CA');
    expect(pool.share('Manila')).toBe('Manila');
    expect(pool.share(null)).toBeNull();
    expect(pool.size).toBe(2);
  });

  it('keeps at most its capacity and passes further texts through unpooled', () => {
    const pool = new TextPool(2);
    pool.share('a');
    pool.share('b');
    expect(pool.share('c')).toBe('c');
    expect(pool.size).toBe(2);
    expect(pool.share('a')).toBe('a');
  });
});

describe('RecentText', () => {
  it('answers the same text, whatever came before', () => {
    const recent = new RecentText();
    expect(['2026-01-01', copyOf('2026-01-01'), '2026-01-02', null, '2026-01-01'].map((text) => recent.share(text))).toEqual(['2026-01-01', '2026-01-01', '2026-01-02', null, '2026-01-01']);
  });
});
