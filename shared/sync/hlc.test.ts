import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampHlc, formatHlc, HybridLogicalClock, hlcToIso, isHlc, MAX_DRIFT_MS, parseHlc } from './hlc';

describe('hybrid logical clock', () => {
  it('formats stamps that sort as strings in time order', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 45), fc.nat(0xffff), fc.nat(2 ** 45), fc.nat(0xffff), (m1, c1, m2, c2) => {
        const a = formatHlc({ millis: m1, counter: c1, node: 'a' });
        const b = formatHlc({ millis: m2, counter: c2, node: 'a' });
        const byParts = m1 === m2 ? Math.sign(c1 - c2) : Math.sign(m1 - m2);
        expect(Math.sign(a.localeCompare(b))).toBe(byParts);
      }),
    );
  });

  it('round-trips and validates', () => {
    const stamp = formatHlc({ millis: 1_700_000_000_000, counter: 10, node: 'dev1' });
    expect(isHlc(stamp)).toBe(true);
    expect(parseHlc(stamp)).toEqual({ millis: 1_700_000_000_000, counter: 10, node: 'dev1' });
    expect(hlcToIso(stamp)).toBe('2023-11-14T22:13:20.000Z');
    for (const bad of ['', 'x', '1-2-3', `${'9'.repeat(15)}-zzzz-a`, 42, null]) expect(isHlc(bad)).toBe(false);
  });

  it('never goes backwards, even when the wall clock does', () => {
    let wall = 1000;
    const clock = new HybridLogicalClock('node', () => wall);
    const a = clock.tick();
    wall = 500;
    const b = clock.tick();
    const c = clock.tick();
    expect(a < b && b < c).toBe(true);
  });

  it('moves past stamps it receives', () => {
    let wall = 1000;
    const clock = new HybridLogicalClock('node', () => wall);
    clock.receive(formatHlc({ millis: 5000, counter: 3, node: 'other' }));
    const next = clock.tick();
    expect(parseHlc(next)).toMatchObject({ millis: 5000, counter: 4 });
    wall = 9000;
    expect(parseHlc(clock.tick())).toMatchObject({ millis: 9000, counter: 0 });
  });

  it('clamps stamps more than five minutes ahead', () => {
    const now = 1_000_000;
    const near = formatHlc({ millis: now + MAX_DRIFT_MS, counter: 0, node: 'x' });
    const far = formatHlc({ millis: now + MAX_DRIFT_MS + 1, counter: 2, node: 'x' });
    expect(clampHlc(near, now)).toBe(near);
    expect(parseHlc(clampHlc(far, now))).toEqual({ millis: now, counter: 2, node: 'x' });
  });
});
