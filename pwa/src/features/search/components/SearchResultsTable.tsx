import { describePhone } from '@shared/candidates/phone';
import { formatLocalDate } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { StatusBadge } from '@/features/candidates/components/StatusBadge';

/** Name, Contact (email and formatted phone), Status, Location, Source, Applied; a row opens the detail modal. */
export function SearchResultsTable({ rows, onOpen }: { rows: readonly Candidate[]; onOpen: (uid: string) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/50 text-muted-foreground">
          <tr>
            {['Name', 'Contact', 'Status', 'Location', 'Source', 'Applied'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-left font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((candidate) => (
            <tr
              key={candidate.uid}
              tabIndex={0}
              onClick={() => onOpen(candidate.uid)}
              onKeyDown={(event) => event.key === 'Enter' && onOpen(candidate.uid)}
              aria-label={`${candidate.name}, open details`}
              className="cursor-pointer border-b last:border-0 hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <td className="px-3 py-2 font-medium">{candidate.name}</td>
              <td className="px-3 py-2">
                <div className="max-w-64 truncate">{candidate.email}</div>
                {candidate.phone && <div className="text-xs text-muted-foreground">{describePhone(candidate.phone).formatted}</div>}
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={candidate.status} />
              </td>
              <td className="px-3 py-2">{candidate.location || '-'}</td>
              <td className="px-3 py-2">{candidate.source || '-'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatLocalDate(candidate.appliedDate) || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
