import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/Button';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { Select } from '@/ui/Select';
import { LEAD_COUNT_OPTIONS, MAX_LEAD_COUNT } from '@shared/leads/constants';

export interface SearchValues {
  jobTitle: string;
  location: string;
  count: number;
}

const COUNT_OPTIONS = LEAD_COUNT_OPTIONS.map((count) => ({
  value: count,
  label: count === MAX_LEAD_COUNT ? 'Maximum (200,000)' : String(count),
}));

export interface SearchFormProps {
  /** The header's "Search {location}" button submits this form through its id. */
  id: string;
  values: SearchValues;
  onChange(values: SearchValues): void;
  onSubmit(values: SearchValues): void;
  /** A required field is empty (the form may be on a hidden tab: show it). */
  onInvalid(): void;
  online: boolean;
  hasKey: boolean | null;
  onChangeKey(): void;
}

export function SearchForm({ id, values, onChange, onSubmit, onInvalid, online, hasKey, onChangeKey }: SearchFormProps) {
  const [errors, setErrors] = useState<{ jobTitle?: string; location?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      jobTitle: values.jobTitle.trim() ? undefined : 'Job Title is required',
      location: values.location.trim() ? undefined : 'Location is required',
    };
    setErrors(next);
    if (!next.jobTitle && !next.location) onSubmit(values);
    else onInvalid();
  }

  return (
    <form id={id} onSubmit={submit} noValidate className="grid max-w-2xl gap-5 rounded-lg border bg-card p-6">
      {!online && (
        <div className="grid gap-1">
          <OfflineNotice />
          <p className="text-sm text-muted-foreground">Your saved leads are still available on the Saved Leads tab.</p>
        </div>
      )}
      <FormField id="lead-job-title" label="Job Title" error={errors.jobTitle}>
        <Input
          {...fieldControlProps('lead-job-title', { error: errors.jobTitle })}
          value={values.jobTitle}
          maxLength={200}
          onChange={(e) => onChange({ ...values, jobTitle: e.target.value })}
        />
      </FormField>
      <FormField
        id="lead-location"
        label="Location"
        error={errors.location}
        hint="Enter a country name, region, state code (e.g. CA) or country code (e.g. USA)"
      >
        <Input
          {...fieldControlProps('lead-location', {
            error: errors.location,
            hint: 'Enter a country name, region, state code (e.g. CA) or country code (e.g. USA)',
          })}
          value={values.location}
          maxLength={200}
          onChange={(e) => onChange({ ...values, location: e.target.value })}
        />
      </FormField>
      <Select
        label="Number of Leads"
        value={values.count}
        onChange={(count) => onChange({ ...values, count })}
        options={COUNT_OPTIONS}
        className="max-w-xs"
      />
      <p className="text-sm text-muted-foreground">
        Search up to 200,000 leads per search. All results are saved automatically to your database; large
        searches keep running in the background and show their progress on the Saved Leads tab.
      </p>
      <p className="text-sm text-muted-foreground">
        {hasKey === false ? 'No Proxycurl API key saved yet: you will be asked for it when you search. ' : ''}
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onChangeKey}>
          {hasKey ? 'Change Proxycurl API key' : 'Add Proxycurl API key'}
        </Button>
      </p>
    </form>
  );
}
