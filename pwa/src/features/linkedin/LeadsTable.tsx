import type { CachedLead } from './leads-db';
import { LEAD_COLUMNS, LeadRow } from './LeadRow';

export function LeadsTable({ rows }: { rows: CachedLead[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[880px] text-left text-sm">
        <thead className="border-b bg-muted/50 text-xs font-semibold text-muted-foreground uppercase">
          <tr>
            {LEAD_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((lead) => (
            <LeadRow key={lead.id} lead={lead} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
