// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DayRange } from './calendar-math';
import { RangeCalendar } from './RangeCalendar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let latest: DayRange = { from: null, to: null };
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

function Harness({ initial }: { initial: DayRange }) {
  const [range, setRange] = useState(initial);
  latest = range;
  return <RangeCalendar value={range} onChange={setRange} today="2024-03-15" />;
}

const render = (initial: DayRange = { from: null, to: null }) => act(async () => root.render(<Harness initial={initial} />));
const day = (d: string) => container.querySelector<HTMLButtonElement>(`[data-day="${d}"]`);
const headings = () => [...container.querySelectorAll('h3')].map((h) => h.textContent);
const key = (el: Element, k: string) => act(async () => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('RangeCalendar', () => {
  it('shows two months from today with one day in the tab order, today marked', async () => {
    await render();
    expect(headings()).toEqual(['March 2024', 'April 2024']);
    expect(container.querySelectorAll('[role="grid"]')).toHaveLength(2);
    const tabbable = [...container.querySelectorAll('[data-day]')].filter((b) => b.getAttribute('tabindex') === '0');
    expect(tabbable.map((b) => b.getAttribute('data-day'))).toEqual(['2024-03-15']);
    expect(day('2024-03-15')!.getAttribute('aria-current')).toBe('date');
    expect(day('2024-03-15')!.getAttribute('aria-label')).toBe('Friday, March 15, 2024');
  });

  it('picks a range with two clicks and marks the days in it as selected', async () => {
    await render();
    await act(async () => day('2024-03-20')!.click());
    await act(async () => day('2024-03-18')!.click());
    expect(latest).toEqual({ from: '2024-03-18', to: '2024-03-20' });
    const selected = [...container.querySelectorAll('[role="gridcell"][aria-selected="true"] [data-day]')].map((b) => b.getAttribute('data-day'));
    expect(selected).toEqual(['2024-03-18', '2024-03-19', '2024-03-20']);
  });

  it('moves focus with the arrow keys, turns the page past the shown months, and Enter picks', async () => {
    await render({ from: '2024-04-28', to: null });
    day('2024-04-28')!.focus();
    await key(day('2024-04-28')!, 'ArrowDown'); // May 5: past April, the months move on
    expect(headings()).toEqual(['April 2024', 'May 2024']);
    expect(document.activeElement).toBe(day('2024-05-05'));
    expect(day('2024-05-05')!.tabIndex).toBe(0);
    await key(day('2024-05-05')!, 'PageUp');
    expect(document.activeElement).toBe(day('2024-04-05'));
    await act(async () => day('2024-04-05')!.click()); // Enter/Space on a button click it
    expect(latest).toEqual({ from: '2024-04-05', to: '2024-04-28' });
  });

  it('moves the shown months with the previous and next buttons', async () => {
    await render();
    const button = (label: string) => container.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;
    await act(async () => button('Previous month').click());
    expect(headings()).toEqual(['February 2024', 'March 2024']);
    await act(async () => button('Next month').click());
    await act(async () => button('Next month').click());
    expect(headings()).toEqual(['April 2024', 'May 2024']);
    // Today is off screen: the first shown day takes the tab stop.
    expect(day('2024-04-01')!.tabIndex).toBe(0);
  });
});

it('focuses the start of the range when asked to on opening', async () => {
  await act(async () => root.render(<RangeCalendar value={{ from: '2024-03-04', to: '2024-03-06' }} onChange={() => {}} today="2024-03-15" autoFocus />));
  expect(document.activeElement).toBe(day('2024-03-04'));
});
