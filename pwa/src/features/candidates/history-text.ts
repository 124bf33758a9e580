/**
 * How the server's change history (GET /api/candidates/:id/history) reads in the detail dialog. Each
 * event is a value that did not survive a write: the old value a newer write replaced, an older edit
 * that arrived after a newer one, or the record's last values when it was deleted or merged away.
 */
import { formatDateTime, formatPacificDate, formatShortDay } from '@shared/format/dates';
import { isValidDay } from '@shared/format/time-zone';
import { CANDIDATE_FIELD_LABELS } from '@shared/candidates/field-labels';
import type { CandidateEvent, WriteOrigin } from '@shared/schemas/candidate-api.schema';

const FIELD_LABELS: Record<string, string> = { ...CANDIDATE_FIELD_LABELS, '*': 'Candidate' };

const ORIGIN_LABELS: Record<WriteOrigin, string> = {
  sync: 'a device',
  rest: 'the API',
  zapier: 'Zapier',
  form: 'a web form',
  import: 'an import',
  dedup: 'deduplication',
};

export function fieldLabel(field: string): string {
  if (field.startsWith('interviewNote:')) {
    const day = field.slice('interviewNote:'.length);
    return `Interview note (${isValidDay(day) ? formatShortDay(day) : day})`;
  }
  return FIELD_LABELS[field] ?? field;
}

/** A field's value as the detail dialog shows it: the applied date in the app's one format, not as stored. */
function fieldValueText(field: string, value: string): string {
  return (field === 'appliedDate' && formatPacificDate(value)) || value;
}

/** A lost value as text: '(empty)' for nothing, "field: value" lines for a record snapshot. */
export function valueText(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return fieldValueText(field, value);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== '')
      .map(([key, v]) => `${fieldLabel(key)}: ${typeof v === 'string' ? fieldValueText(key, v) : JSON.stringify(v)}`)
      .join('\n');
  }
  return String(value);
}

export interface HistoryEntry {
  id: number;
  /** 'Phone changed by rita', 'Older edit to Notes not applied (from a device)'. */
  summary: string;
  /** What the lost value was called: 'Earlier value', 'Edit not applied', 'Last values'. */
  valueLabel: string;
  value: string;
  at: string;
}

/**
 * Who made the change: the person, or for an integration's arrival the integration and its key's name
 * (the key's owner did not make that change).
 */
export function writerName(event: Pick<CandidateEvent, 'origin' | 'username' | 'displayName' | 'apiKeyName'>): string {
  if (event.origin === 'zapier' || event.origin === 'form') {
    return event.apiKeyName ? `${ORIGIN_LABELS[event.origin]} (key “${event.apiKeyName}”)` : ORIGIN_LABELS[event.origin];
  }
  return event.displayName || event.username || ORIGIN_LABELS[event.origin] || event.origin;
}

export function describeEvent(event: CandidateEvent): HistoryEntry {
  const who = writerName(event);
  const label = fieldLabel(event.field);
  const base = { id: event.id, value: valueText(event.value, event.field), at: event.createdAt };
  switch (event.kind) {
    case 'overwritten':
      return { ...base, summary: `${label} changed by ${who}`, valueLabel: 'Earlier value' };
    case 'rejected':
      return { ...base, summary: `An older edit to ${label} by ${who} was not applied`, valueLabel: 'Edit not applied' };
    case 'deleted':
      return { ...base, summary: `${label} deleted by ${who}`, valueLabel: 'Last values' };
    case 'merged':
      return { ...base, summary: `Duplicate record merged into this one by ${who}`, valueLabel: 'Merged record' };
    case 'conflict':
      return { ...base, summary: `${label} edited at the same time by ${who}; both versions were kept`, valueLabel: 'Their version' };
    case 'restored':
      return { ...base, value: (typeof event.value === 'string' && formatDateTime(event.value)) || base.value, summary: `Delete undone by ${who}; the candidate is back`, valueLabel: 'Had been deleted at' };
  }
}

/** Newest first. */
export function historyEntries(events: readonly CandidateEvent[]): HistoryEntry[] {
  return events.map(describeEvent).reverse();
}
