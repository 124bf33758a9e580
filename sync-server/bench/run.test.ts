import { describe, expect, it } from 'vitest';
import { benchmarksFor } from './run';

describe('which server benchmarks run', () => {
  it('runs every one when none is named, in their order', () => {
    expect(benchmarksFor([])).toEqual(['push', 'pull', 'zapier', 'webhooks']);
  });

  it('runs the push before a pull asked for alone, as the pull reads its rows', () => {
    expect(benchmarksFor(['pull'])).toEqual(['push', 'pull']);
    expect(benchmarksFor(['webhooks', 'pull'])).toEqual(['push', 'pull', 'webhooks']);
    expect(benchmarksFor(['zapier'])).toEqual(['zapier']);
  });

  it('names the benchmarks there are when asked for one that is not', () => {
    expect(() => benchmarksFor(['pul'])).toThrow('no such benchmark: pul (there are push, pull, zapier, webhooks)');
  });
});
