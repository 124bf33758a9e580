import { describe, expect, it } from 'vitest';
import { etaText } from './eta';

describe('etaText', () => {
  it('applies the rate so far to what is left', () => {
    expect(etaText(25, 100, 10_000)).toBe('about 30 s left');
    expect(etaText(10, 100, 60_000)).toBe('about 9 min left');
    expect(etaText(1, 1000, 60_000)).toBe('about 17 h left');
  });

  it('says nothing before there is a rate, or when done', () => {
    expect(etaText(0, 100, 5000)).toBeNull();
    expect(etaText(10, 100, 500)).toBeNull();
    expect(etaText(100, 100, 5000)).toBeNull();
  });
});
