// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import type { SyncEngine } from '@/sync/engine';
import { useFastPolling } from './useFastPolling';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('holds fast polling while the screen is mounted', () => {
  const release = vi.fn();
  const engine = { requestFastPolling: vi.fn(() => release) } as unknown as SyncEngine;
  function Screen() {
    useFastPolling(engine);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Screen />));
  expect(engine.requestFastPolling).toHaveBeenCalledTimes(1);
  expect(release).not.toHaveBeenCalled();
  act(() => root.unmount());
  expect(release).toHaveBeenCalledTimes(1);
});
