import { useNavigate } from 'react-router-dom';
import { formatLocalDate } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { StatusBadge } from '@/features/candidates/components/StatusBadge';
import { Button } from '@/ui/Button';

/** The 5 newest candidates by appliedDate; a row (or View All) goes to Candidates Management. */
export function RecentCandidates({ candidates }: { candidates: readonly Candidate[] }) {
  const navigate = useNavigate();
  const toCandidates = () => navigate('/candidates');
  return (
    <section aria-labelledby="recent-heading" className="rounded-lg border bg-card shadow-xs">
      <div className="flex items-center justify-between gap-2 border-b p-4">
        <h2 id="recent-heading" className="font-semibold">
          Recent Candidates
        </h2>
        <Button variant="outline" size="sm" onClick={toCandidates}>
          View All
        </Button>
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="px-4 py-2 text-left font-medium">Name</th>
              <th scope="col" className="px-4 py-2 text-left font-medium">Email</th>
              <th scope="col" className="px-4 py-2 text-left font-medium">Status</th>
              <th scope="col" className="px-4 py-2 text-left font-medium">Applied Date</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => (
              <tr
                key={candidate.uid}
                tabIndex={0}
                onClick={toCandidates}
                onKeyDown={(event) => event.key === 'Enter' && toCandidates()}
                className="cursor-pointer border-b last:border-0 hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:outline-none"
              >
                <td className="px-4 py-2 font-medium">{candidate.name}</td>
                <td className="max-w-56 truncate px-4 py-2">{candidate.email}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={candidate.status} />
                </td>
                <td className="px-4 py-2 whitespace-nowrap">{formatLocalDate(candidate.appliedDate) || '-'}</td>
              </tr>
            ))}
            {candidates.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-muted-foreground">
                  No candidates yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
