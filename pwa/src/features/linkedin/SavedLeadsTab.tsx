import { useEffect, useState } from 'react';
import { Badge } from '@/ui/Badge';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { DEFAULT_LEAD_PAGE_SIZE, LEAD_PAGE_SIZES } from '@shared/leads/constants';
import type { LeadSearchJob } from '@shared/schemas/lead.schema';
import { LeadsPagination } from './LeadsPagination';
import { LeadsTable } from './LeadsTable';
import { SearchProgress } from './SearchProgress';
import { isActive } from './useLeadSearch';
import { useSavedLeadsView, type LeadsRefresh } from './useSavedLeads';

export interface SavedLeadsTabProps {
  job: LeadSearchJob | null;
  onCancel(): void;
  refresh: Pick<LeadsRefresh, 'status' | 'error'>;
  online: boolean;
}

const PAGE_SIZE_OPTIONS = LEAD_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

export function SavedLeadsTab({ job, onCancel, refresh, online }: SavedLeadsTabProps) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_LEAD_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const { rows, counts, loaded } = useSavedLeadsView(page, pageSize);
  const { total } = counts;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  // The spec: back to page 1 whenever the data changes.
  useEffect(() => setPage(1), [total, counts.newCount, pageSize]);

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  let body;
  if (!loaded || (total === 0 && refresh.status === 'loading')) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner size="sm" label="Loading" />
        <span>Loading LinkedIn data...</span>
      </div>
    );
  } else if (total === 0 && refresh.status === 'error') {
    body = <p className="py-16 text-center text-destructive" role="alert">Error loading data: {refresh.error}</p>;
  } else if (total === 0) {
    body = (
      <div className="grid gap-1 py-16 text-center">
        <p className="font-medium">No LinkedIn sales representatives found</p>
        <p className="text-sm text-muted-foreground">Use the search function to find and save leads</p>
      </div>
    );
  } else {
    body = (
      <>
        <LeadsTable rows={rows} />
        <LeadsPagination page={page} pageCount={pageCount} onPage={setPage} />
      </>
    );
  }

  return (
    <div className="grid gap-4">
      {job && isActive(job) && <SearchProgress job={job} onCancel={onCancel} />}
      {total > 0 && refresh.status === 'error' && (
        <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" role="status">
          {online ? `Could not refresh the leads: ${refresh.error}` : 'You are offline. Showing the leads saved on this device.'}
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge variant="success">New Leads: {counts.newCount.toLocaleString('en-US')}</Badge>
          <Badge variant="secondary">Updated Leads: {counts.updatedCount.toLocaleString('en-US')}</Badge>
          <Badge variant="outline">Total Leads: {total.toLocaleString('en-US')}</Badge>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-muted-foreground tabular-nums">
            Showing {first}-{last} of {total.toLocaleString('en-US')} total leads
          </p>
          <Select aria-label="Leads per page" value={pageSize} onChange={setPageSize} options={PAGE_SIZE_OPTIONS} className="w-20" />
        </div>
      </div>
      {body}
    </div>
  );
}
