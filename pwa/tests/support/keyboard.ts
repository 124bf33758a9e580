/**
 * Keyboard-only driving for browser tests: Tab to a control while checking that every stop on the way
 * shows a focus indicator, and reading where focus is (inside a dialog or not).
 */
import type { Locator, Page } from 'playwright-core';

/**
 * In the page: what has focus, whether it shows a focus indicator (an outline, or a ring drawn as a box
 * shadow, while :focus-visible), whether it is inside a dialog, and whether it is `target`.
 */
function describeFocus(target?: Element) {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { what: 'the page (body)', ring: false, inDialog: false, isTarget: false };
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return {
    what: el.outerHTML.slice(0, 140),
    ring: el.matches(':focus-visible') && (outline || style.boxShadow !== 'none'),
    inDialog: Boolean(el.closest('[role="dialog"]')),
    isTarget: el === target,
  };
}

export type FocusState = ReturnType<typeof describeFocus>;

export const focusState = (page: Page): Promise<FocusState> => page.evaluate(describeFocus, undefined);

export const isFocused = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement);

/** Throws unless the focused element shows a focus indicator. */
export function expectFocusRing(state: FocusState): void {
  if (!state.ring) throw new Error(`No visible focus indicator on ${state.what}`);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking that every control focus stops
 * on along the way shows a focus indicator.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await target.evaluate(describeFocus, undefined, { timeout: 5_000 });
    expectFocusRing(state);
    if (state.isTarget) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}
