/**
 * Cached Intl formatters. Constructing an Intl.DateTimeFormat costs far more than using one, and the
 * lists format thousands of dates, so every formatter in shared/ comes from here, one per distinct set of
 * options.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An en-US Intl.DateTimeFormat for these options, made once. Throws RangeError for an unknown zone. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = dateTimeFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    dateTimeFormats.set(key, formatter);
  }
  return formatter;
}

/** The parts of an instant as formatted, by part type ('year', 'month', 'timeZoneName', …). */
export function dateParts(options: Intl.DateTimeFormatOptions, epochMs: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat(options).formatToParts(epochMs)) parts[part.type] = part.value;
  return parts;
}
