import { describe, expect, it } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  it('resolves after the current task', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after yield'));
    await Promise.resolve();
    order.push('same task');
    await yielded;
    expect(order).toEqual(['same task', 'after yield']);
  });
});
