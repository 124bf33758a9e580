/**
 * Where the visible toast sits so that it never covers what the user must reach: a dialog's buttons, a
 * table's pager, or anything else marked `data-toast-avoid`. The toast is right-aligned at the bottom of
 * the screen (at the top on phones); when that spot would cover a marked control it moves to the other
 * edge, and when both would, to the edge where it covers least. At the top it sits below the sticky top
 * bar (marked `data-toast-below`), so it never covers the bar's buttons either.
 */
export type ToastPlacement = 'top' | 'bottom';

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The region's padding (Tailwind p-4): the card's distance from the screen's edge. */
export const TOAST_EDGE_GAP_PX = 16;
export const TOAST_AVOID_SELECTOR = '[data-toast-avoid]';
export const TOAST_BELOW_SELECTOR = '[data-toast-below]';

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The card's box at one edge (at the top, `topInset` below the screen's edge), keeping its width and horizontal position. */
export function boxAt(placement: ToastPlacement, card: Box, viewportHeight: number, topInset = 0): Box {
  const height = card.bottom - card.top;
  const top = placement === 'top' ? topInset + TOAST_EDGE_GAP_PX : viewportHeight - TOAST_EDGE_GAP_PX - height;
  return { left: card.left, right: card.right, top, bottom: top + height };
}

export function chooseToastPlacement({
  card,
  viewportHeight,
  avoid,
  preferred,
  topInset = 0,
}: {
  card: Box;
  viewportHeight: number;
  avoid: readonly Box[];
  preferred: ToastPlacement;
  topInset?: number;
}): ToastPlacement {
  const order: ToastPlacement[] = preferred === 'bottom' ? ['bottom', 'top'] : ['top', 'bottom'];
  const covered = order.map((placement) => {
    const box = boxAt(placement, card, viewportHeight, topInset);
    return avoid.reduce((sum, target) => sum + overlapArea(box, target), 0);
  });
  const free = covered.findIndex((area) => area === 0);
  if (free !== -1) return order[free]!;
  return covered[1]! < covered[0]! ? order[1]! : order[0]!;
}
