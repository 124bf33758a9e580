/**
 * Applies a user's appearance to the document: `dark` when the theme is dark, or system and the OS
 * prefers dark (followed live through matchMedia); `compact` and `high-contrast` as chosen; and the
 * browser's theme colour to match. Settings calls `applyAppearance` after saving; the shell calls it
 * whenever the signed-in user changes (signed out: the defaults).
 */
import type { Appearance } from '@shared/schemas/user.schema';

export const DEFAULT_APPEARANCE: Appearance = { theme: 'system', compactView: false, highContrast: false };

const THEME_COLORS = { light: '#4f46e5', dark: '#0b1120' } as const;
const DARK_QUERY = '(prefers-color-scheme: dark)';

let current: Appearance = DEFAULT_APPEARANCE;
let systemQuery: MediaQueryList | undefined;

function paint() {
  const root = document.documentElement;
  const dark = current.theme === 'dark' || (current.theme === 'system' && (systemQuery?.matches ?? false));
  root.classList.toggle('dark', dark);
  root.classList.toggle('compact', current.compactView);
  root.classList.toggle('high-contrast', current.highContrast);
  root.dataset.theme = current.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? THEME_COLORS.dark : THEME_COLORS.light);
}

export function applyAppearance(appearance: Partial<Appearance> | null | undefined = DEFAULT_APPEARANCE): void {
  current = {
    theme: appearance?.theme ?? DEFAULT_APPEARANCE.theme,
    compactView: appearance?.compactView ?? DEFAULT_APPEARANCE.compactView,
    highContrast: appearance?.highContrast ?? DEFAULT_APPEARANCE.highContrast,
  };
  if (!systemQuery && typeof window !== 'undefined' && window.matchMedia) {
    systemQuery = window.matchMedia(DARK_QUERY);
    systemQuery.addEventListener('change', paint);
  }
  paint();
}

export function currentAppearance(): Appearance {
  return current;
}
