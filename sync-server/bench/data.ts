/** Deterministic candidate rows for the benchmarks: the same rows feed the push and the COPY. */
import type { ImportRow } from '@shared/sync/protocol.schema';
import type { Candidate } from '@shared/schemas/candidate.schema';

const FIRST = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea'];
const LAST = ['Ortiz', 'Nguyen', 'Smith', 'Kowalski', 'Haddad', 'Okafor', 'Tanaka', 'Silva', 'Novak', 'Reyes'];
const CITIES = ['Austin, TX', 'Manila', 'Denver, CO', 'Toronto', 'London', 'Sydney', 'Cebu City', 'Phoenix, AZ'];
const SOURCES = ['CSV Import', 'Craigslist', 'Indeed', 'Referral', 'LinkedIn'];

/** A uuid (v4 layout) from a counter, so runs are repeatable. */
export function uidFor(prefix: number, i: number): string {
  const hex = (prefix * 1_000_000_000 + i).toString(16).padStart(20, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${(i * 7919).toString(16).padStart(12, '0').slice(-12)}`;
}

export function benchRows(count: number, runTag: number): ImportRow[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    return {
      uid: uidFor(runTag, i),
      name: `${first} ${last} ${i}`,
      email: `${first}.${last}.${i}.${runTag}@bench.example`.toLowerCase(),
      phone: `+1 (555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
      location: CITIES[i % CITIES.length]!,
      source: SOURCES[i % SOURCES.length]!,
      experience: `${1 + (i % 12)} years of B2B sales; quota attainment ${80 + (i % 40)}%`,
      skills: 'cold calling, negotiation, CRM',
    };
  });
}

export const COPY_COLUMNS = [
  'uid',
  'name',
  'email',
  'phone',
  'location',
  'status',
  'applied_date',
  'status_changed_at',
  'source',
  'experience',
  'skills',
  'notes',
  'user_id',
  'field_clocks',
  'created_at',
  'updated_at',
] as const;

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** The stored records as CSV in COPY_COLUMNS order (no header). */
export function recordsToCsv(records: Candidate[]): string {
  const lines = records.map((r) =>
    [
      r.uid,
      r.name,
      r.email,
      r.phone,
      r.location,
      r.status,
      r.appliedDate,
      r.statusChangedAt,
      r.source,
      r.experience,
      r.skills,
      r.notes,
      r.userId,
      r.fieldClocks,
      r.createdAt,
      r.updatedAt,
    ]
      .map(csvField)
      .join(','),
  );
  return lines.join('\n') + '\n';
}
