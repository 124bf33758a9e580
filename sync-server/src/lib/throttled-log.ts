/**
 * A log line that can come thousands of times a second (every request while the database is down):
 * the first is written at once, then at most one per `intervalMs`, saying how many were held back.
 */
export function throttledLog(intervalMs: number, write: (line: string) => void = console.error, now: () => number = Date.now) {
  let lastAt = -Infinity;
  let held = 0;
  return (line: string) => {
    const at = now();
    if (at - lastAt < intervalMs) {
      held += 1;
      return;
    }
    write(held ? `${line} (and ${held} more like it)` : line);
    lastAt = at;
    held = 0;
  };
}
