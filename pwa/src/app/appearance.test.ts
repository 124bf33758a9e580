// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A controllable prefers-color-scheme query. */
function fakeSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = vi.fn(() => query as unknown as MediaQueryList);
  return {
    set(dark: boolean) {
      query.matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

async function load() {
  vi.resetModules();
  return import('./appearance');
}

const classes = () => [...document.documentElement.classList].sort();

beforeEach(() => {
  document.documentElement.className = '';
  document.head.innerHTML = '<meta name="theme-color" content="#4f46e5">';
});

describe('applyAppearance', () => {
  it('follows the OS while the theme is system, live', async () => {
    const system = fakeSystemTheme(false);
    const { applyAppearance } = await load();
    applyAppearance({ theme: 'system', compactView: false, highContrast: false });
    expect(classes()).toEqual([]);
    system.set(true);
    expect(classes()).toEqual(['dark']);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b1120');
    system.set(false);
    expect(classes()).toEqual([]);
  });

  it('ignores the OS for an explicit theme', async () => {
    const system = fakeSystemTheme(true);
    const { applyAppearance } = await load();
    applyAppearance({ theme: 'light', compactView: false, highContrast: false });
    expect(classes()).toEqual([]);
    system.set(true);
    expect(classes()).toEqual([]);
    applyAppearance({ theme: 'dark', compactView: false, highContrast: false });
    expect(classes()).toEqual(['dark']);
    system.set(false);
    expect(classes()).toEqual(['dark']);
  });

  it('sets compact and high-contrast, and falls back to the defaults for a signed-out visitor', async () => {
    fakeSystemTheme(false);
    const { applyAppearance, currentAppearance } = await load();
    applyAppearance({ theme: 'light', compactView: true, highContrast: true });
    expect(classes()).toEqual(['compact', 'high-contrast']);
    applyAppearance(null);
    expect(classes()).toEqual([]);
    expect(currentAppearance()).toEqual({ theme: 'system', compactView: false, highContrast: false });
  });
});
