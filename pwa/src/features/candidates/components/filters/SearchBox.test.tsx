// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { useCandidatesView } from '../../candidates-view-store';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './SearchBox';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  useCandidatesView.getState().reset();
});

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

it('applies the search 500 ms after typing stops, from page 1', async () => {
  vi.useFakeTimers();
  useCandidatesView.getState().setPage(3);
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<SearchBox />));
  const input = container.querySelector('input')!;

  await act(async () => type(input, 'an'));
  await act(async () => vi.advanceTimersByTime(300));
  await act(async () => type(input, 'ann'));
  await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
  expect(useCandidatesView.getState().filters.search).toBe(''); // still typing, as far as the filter knows
  expect(useCandidatesView.getState().page).toBe(3);
  await act(async () => vi.advanceTimersByTime(1));
  expect(useCandidatesView.getState().filters.search).toBe('ann');
  expect(useCandidatesView.getState().page).toBe(1);

  // Removing the chip empties the box too.
  await act(async () => useCandidatesView.getState().removeChip('search'));
  expect(input.value).toBe('');
  expect(useCandidatesView.getState().filters.search).toBe('');
  await act(async () => root.unmount());
});
