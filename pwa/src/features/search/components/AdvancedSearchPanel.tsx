import { STATUS_SEARCH_OPTIONS, type AdvancedSearchFilters } from '@shared/candidates/search';
import type { CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { FormField } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { Select } from '@/ui/Select';

type TextField = Exclude<keyof AdvancedSearchFilters, 'status'>;
const TEXT_FIELDS: Array<{ field: TextField; label: string }> = [
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'Email' },
  { field: 'phone', label: 'Phone' },
  { field: 'location', label: 'Location' },
  { field: 'source', label: 'Source' },
];

interface AdvancedSearchPanelProps {
  filters: AdvancedSearchFilters;
  onChange: (filters: AdvancedSearchFilters) => void;
  onClear: () => void;
  onHide: () => void;
}

/** Advanced filters: each filled field must match its own field (the simple query is ignored meanwhile). */
export function AdvancedSearchPanel({ filters, onChange, onClear, onHide }: AdvancedSearchPanelProps) {
  return (
    <section aria-label="Advanced Search" className="grid gap-4 rounded-lg border bg-card p-4 shadow-xs">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TEXT_FIELDS.slice(0, 3).map(({ field, label }) => (
          <FormField key={field} id={`advanced-${field}`} label={label}>
            <Input id={`advanced-${field}`} value={filters[field]} onChange={(event) => onChange({ ...filters, [field]: event.target.value })} />
          </FormField>
        ))}
        <Select<CandidateStatus | 'all'>
          label="Status"
          value={filters.status}
          onChange={(status) => onChange({ ...filters, status })}
          options={STATUS_SEARCH_OPTIONS}
        />
        {TEXT_FIELDS.slice(3).map(({ field, label }) => (
          <FormField key={field} id={`advanced-${field}`} label={label}>
            <Input id={`advanced-${field}`} value={filters[field]} onChange={(event) => onChange({ ...filters, [field]: event.target.value })} />
          </FormField>
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClear}>
          Clear Filters
        </Button>
        <Button variant="outline" onClick={onHide}>
          Hide Advanced Search
        </Button>
      </div>
    </section>
  );
}
