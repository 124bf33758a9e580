import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NOTES_MAX, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { FormField } from '@/ui/FormField';
import { Textarea } from '@/ui/Input';
import { useDirtyForm } from '@/ui/useDirtyForm';
import { saveCandidateChanges } from '../../candidate-actions';
import { candidateFormSchema, candidateToForm, formToCandidateFields, type CandidateFormValues } from '../../candidate-form';
import { CandidateFieldInputs } from '../CandidateFieldInputs';
import { ChangeHistory } from './ChangeHistory';
import { ContactAndApplication, DetailSection, ProfileSections } from './CandidateOverview';
import { EraseCandidateButton } from './EraseCandidateButton';
import { StatusUpdater } from './StatusUpdater';
import { CandidateInterviews } from '@/features/interviews/schedule/CandidateInterviews';

const detailSchema = candidateFormSchema.extend({ notes: z.string().max(NOTES_MAX, `Must be at most ${NOTES_MAX} characters`) });
type DetailValues = CandidateFormValues & { notes: string };
type DetailOutput = z.output<typeof detailSchema>;

/**
 * The detail dialog's body: the candidate's information, the notes textarea, Edit details (the
 * candidate's own fields), the status dropdown with Update, Close and Save Changes. Save writes only
 * the fields the user edited, so another device's change to a different field is never overwritten,
 * plus a status chosen in the list and not yet applied with Update. A notes edit carries the text it
 * started from, so lines added underneath it meanwhile are merged in (shared/sync/notes-merge.ts).
 * The form follows the live record: fields nobody is editing update when a sync or a status change
 * lands (react-hook-form's `values` with keepDirtyValues).
 */
interface CandidateDetailFormProps {
  candidate: Candidate;
  /** Close asked for by the user (the dialog asks before discarding unsaved edits). */
  onRequestClose: () => void;
  /** Saved (or nothing to save): close without asking. */
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

export function CandidateDetailForm({ candidate, onRequestClose, onDone, onDirtyChange }: CandidateDetailFormProps) {
  const [editing, setEditing] = useState(false);
  const values = useMemo<DetailValues>(() => ({ ...candidateToForm(candidate), notes: candidate.notes }), [candidate]);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, dirtyFields, isSubmitting },
  } = useForm<DetailValues, unknown, DetailOutput>({
    resolver: zodResolver(detailSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  // The status the user picked in the list, if any; until then the list follows the live record. (Kept as
  // a choice, not a copy synced by an effect: a copy would read as an unsaved edit for one render each
  // time the status changed elsewhere, and Close would then ask to discard it.)
  const [chosenStatus, setChosenStatus] = useState<CandidateStatus | null>(null);
  const status = chosenStatus ?? candidate.status;
  // Once the record has the chosen status (Update applied it), the list follows the record again.
  useEffect(() => {
    if (chosenStatus === candidate.status) setChosenStatus(null);
  }, [chosenStatus, candidate.status]);
  const dirty = isDirty || status !== candidate.status;
  useDirtyForm(dirty, `candidate-detail-${candidate.uid}`);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  // The notes as they were when the user started editing them.
  const notesBase = useRef(candidate.notes);
  useEffect(() => {
    if (!dirtyFields.notes) notesBase.current = candidate.notes;
  }, [candidate.notes, dirtyFields.notes]);

  const onSubmit = handleSubmit(async (output) => {
    const edited = Object.keys(dirtyFields) as Array<keyof DetailOutput>;
    const newStatus = status !== candidate.status ? status : undefined;
    if (edited.length === 0 && newStatus === undefined) return onDone();
    const changes: Partial<DetailOutput> = {};
    for (const field of edited) (changes as Record<string, unknown>)[field] = output[field];
    const saved = await saveCandidateChanges(candidate, { changes: formToCandidateFields(changes), notesBase: notesBase.current, status: newStatus });
    if (saved) onDone();
  });

  const editButton = (
    <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(!editing)} aria-expanded={editing}>
      {editing ? 'Hide edit fields' : 'Edit details'}
    </Button>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Candidate ${candidate.name}`} className="grid gap-6">
      <ContactAndApplication candidate={candidate} editAction={editButton} />
      {editing && (
        <fieldset className="rounded-md border p-4">
          <legend className="px-1 text-sm font-semibold">Edit details</legend>
          <CandidateFieldInputs idPrefix="detail" register={register} errors={errors} withStatus={false} />
        </fieldset>
      )}
      <ProfileSections candidate={candidate} />
      <DetailSection title="Notes">
        <FormField id="detail-notes" label={<span className="sr-only">Notes</span>} error={errors.notes?.message}>
          <Textarea id="detail-notes" rows={5} placeholder="Add notes about this candidate" {...register('notes')} />
        </FormField>
      </DetailSection>
      <StatusUpdater candidate={candidate} status={status} onStatusChange={setChosenStatus} />
      <CandidateInterviews candidate={candidate} />
      <ChangeHistory candidate={candidate} />
      <div data-toast-avoid className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <EraseCandidateButton candidate={candidate} onErased={onDone} />
        <Button variant="outline" onClick={onRequestClose}>
          Close
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
