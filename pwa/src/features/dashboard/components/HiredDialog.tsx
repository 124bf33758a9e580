import { formatPhone } from '@shared/candidates/phone';
import { formatLocalDate } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';

/** Rows rendered at most; a team with more hires sees the newest and a note (the area is 450 px high anyway). */
export const HIRED_ROWS_LIMIT = 500;
const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/** 'Hired Candidates': the hired date shown is the candidate's appliedDate (spec). */
export function HiredDialog({ open, onClose, hired }: { open: boolean; onClose: () => void; hired: readonly Candidate[] }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Hired Candidates"
      className="sm:max-w-5xl"
      footer={<Button variant="outline" onClick={onClose}>Close</Button>}
    >
      <HiredTable hired={hired} />
    </Dialog>
  );
}

/**
 * The dialog's rows, made only while it is open: the dashboard renders the closed dialog on every
 * change of its figures, and 500 rows' phones and dates formatted each time were work for nothing.
 */
function HiredTable({ hired }: { hired: readonly Candidate[] }) {
  const rows = hired.slice(0, HIRED_ROWS_LIMIT);
  return (
    <>
      <div className="h-[450px] overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              {['Name', 'Email', 'Phone', 'Location', 'Source', 'Hired Date'].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((candidate) => (
              <tr key={candidate.uid} className="border-b last:border-0">
                <td className="px-3 py-2 font-medium">{dash(candidate.name)}</td>
                <td className="px-3 py-2">{dash(candidate.email)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{dash(formatPhone(candidate.phone))}</td>
                <td className="px-3 py-2">{dash(candidate.location)}</td>
                <td className="px-3 py-2">{dash(candidate.source)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{dash(formatLocalDate(candidate.appliedDate))}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-10 text-center text-muted-foreground">
                  No hired candidates found
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {hired.length > rows.length && (
        <p className="mt-2 text-sm text-muted-foreground">
          Showing the {rows.length} most recent of {hired.length} hired candidates.
        </p>
      )}
    </>
  );
}
