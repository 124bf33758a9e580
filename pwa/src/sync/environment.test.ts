/**
 * The browser environment's leader lock and page lifecycle, over stand-ins for navigator.locks, window
 * and document that behave as the browser's do (a lock granted asynchronously, one holder at a time,
 * a waiting request withdrawn by its signal).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment } from './environment';

/** A LockManager for exclusive locks: grants in order, each grant a task later. */
class FakeLocks {
  private readonly queues = new Map<string, Array<{ callback: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void; granted: boolean }>>();

  request(name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const entry = { callback, resolve, reject, granted: false };
      queue.push(entry);
      options.signal?.addEventListener('abort', () => {
        if (entry.granted) return;
        queue.splice(queue.indexOf(entry), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.grant(name);
    });
  }

  held(name: string): boolean {
    return this.queues.get(name)?.[0]?.granted ?? false;
  }

  private grant(name: string) {
    const queue = this.queues.get(name)!;
    const head = queue[0];
    if (!head || head.granted) return;
    head.granted = true;
    setTimeout(() => {
      void Promise.resolve(head.callback()).then(head.resolve, head.reject).finally(() => {
        queue.shift();
        this.grant(name);
      });
    }, 0);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the leader lock', () => {
  it('is held by one tab at a time; the next in line gets it on release, a withdrawn request never', async () => {
    const locks = new FakeLocks();
    vi.stubGlobal('navigator', { onLine: true, locks });
    const env = browserEnvironment();
    const led: string[] = [];
    const releaseA = env.lead('leader', () => led.push('a'));
    const releaseB = env.lead('leader', () => led.push('b'));
    const releaseC = env.lead('leader', () => led.push('c'));
    await tick();
    expect(led).toEqual(['a']);
    releaseB();
    releaseA();
    await tick();
    expect(led).toEqual(['a', 'c']);
    releaseC();
    await tick();
    expect(locks.held('leader')).toBe(false);
  });

  it('never leads when released after the grant was decided but before it ran', async () => {
    const locks = new FakeLocks();
    vi.stubGlobal('navigator', { onLine: true, locks });
    const env = browserEnvironment();
    const led: string[] = [];
    const release = env.lead('leader', () => led.push('late'));
    release();
    await tick();
    expect(led).toEqual([]);
    // And the lock is free for the next tab.
    env.lead('leader', () => led.push('next'));
    await tick();
    expect(led).toEqual(['next']);
  });
});

describe('the page lifecycle', () => {
  function stubPage() {
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
    vi.stubGlobal('document', document);
    const pageEvent = (type: string, persisted: boolean) => Object.assign(new Event(type), { persisted });
    return { window, document, pageEvent };
  }

  it('reports pagehide and freeze as hidden, and only a pageshow from the cache or a resume as shown', () => {
    const { window, document, pageEvent } = stubPage();
    const seen: string[] = [];
    const unlisten = browserEnvironment().listen({
      online: () => seen.push('online'),
      offline: () => seen.push('offline'),
      visibilityChange: () => seen.push('visibility'),
      pageHide: () => seen.push('hide'),
      pageShow: () => seen.push('show'),
    });
    window.dispatchEvent(pageEvent('pageshow', false)); // the document's first load
    window.dispatchEvent(pageEvent('pagehide', true));
    window.dispatchEvent(pageEvent('pageshow', true));
    document.dispatchEvent(new Event('freeze'));
    document.dispatchEvent(new Event('resume'));
    expect(seen).toEqual(['hide', 'show', 'hide', 'show']);
    unlisten();
    window.dispatchEvent(pageEvent('pagehide', false));
    expect(seen).toHaveLength(4);
  });
});
