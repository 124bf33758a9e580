import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { CANDIDATE_STATUSES } from '@shared/schemas/candidate.schema';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input, Textarea } from '@/ui/Input';
import type { CandidateFormValues } from '../candidate-form';

interface CandidateFieldInputsProps<T extends CandidateFormValues> {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<CandidateFormValues>;
  /** The Add form sets the status here; the detail dialog has its own status control. */
  withStatus?: boolean;
}

/** The candidate's fields as labelled inputs, two per row from the sm breakpoint. */
export function CandidateFieldInputs<T extends CandidateFormValues>({
  idPrefix,
  register: registerField,
  errors,
  withStatus = true,
}: CandidateFieldInputsProps<T>) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const register = (field: keyof CandidateFormValues) => registerField(field as Path<T>);
  const text = (field: 'name' | 'email' | 'phone' | 'location' | 'source', label: string, props: Record<string, unknown> = {}) => (
    <FormField id={id(field)} label={label} error={errors[field]?.message}>
      <Input {...fieldControlProps(id(field), { error: errors[field]?.message })} {...props} {...register(field)} />
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('name', 'Name', { autoComplete: 'off' })}
      {text('email', 'Email', { type: 'email', autoComplete: 'off', autoCapitalize: 'none' })}
      {text('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
      {withStatus && (
        <FormField id={id('status')} label="Status" error={errors.status?.message}>
          <select
            {...fieldControlProps(id('status'), { error: errors.status?.message })}
            {...register('status')}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
          >
            {CANDIDATE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {capitalizeStatus(status)}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {text('location', 'Location')}
      {text('source', 'Source', { placeholder: 'e.g. Craigslist, Referral' })}
      <FormField id={id('experience')} label="Experience" error={errors.experience?.message} className="sm:col-span-2">
        <Textarea
          {...fieldControlProps(id('experience'), { error: errors.experience?.message })}
          rows={3}
          placeholder="e.g. 5 years of B2B sales experience"
          {...register('experience')}
        />
      </FormField>
      <FormField
        id={id('skills')}
        label="Skills"
        hint="Separate skills with commas."
        error={errors.skills?.message}
        className="sm:col-span-2"
      >
        <Input
          {...fieldControlProps(id('skills'), { error: errors.skills?.message, hint: true })}
          placeholder="e.g. Cold calling, CRM, Negotiation"
          {...register('skills')}
        />
      </FormField>
    </div>
  );
}
