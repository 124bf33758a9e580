/**
 * "about 30 s left" for long work shown with progress (an import, a sync): the rate so far applied to
 * what is left. Nothing until there is a rate worth trusting (a second of work and some done).
 */
const MIN_ELAPSED_MS = 1000;

export function etaText(done: number, total: number, elapsedMs: number): string | null {
  if (done <= 0 || total <= done || elapsedMs < MIN_ELAPSED_MS) return null;
  const leftMs = (elapsedMs / done) * (total - done);
  const seconds = Math.max(1, Math.round(leftMs / 1000));
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min left` : `about ${Math.round(minutes / 60)} h left`;
}
