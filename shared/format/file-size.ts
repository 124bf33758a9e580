/** Import dialog file sizes: Bytes, KB, MB or GB with one decimal (binary units, 1 KB = 1024 Bytes). */
const UNITS = ['KB', 'MB', 'GB'] as const;
const STEP = 1024;

/** '0 Bytes', '512 Bytes', '1.0 KB', '1.5 MB', '2.3 GB'. Sizes beyond GB stay in GB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 Bytes';
  if (bytes < STEP) return `${Math.round(bytes)} Bytes`;
  let value = bytes / STEP;
  let unit = 0;
  // Move up while the rounded figure would read 1024.0 or more (e.g. 1,048,575 bytes is 1.0 MB, not 1024.0 KB).
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
