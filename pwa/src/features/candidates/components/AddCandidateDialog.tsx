import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/api/errors';
import { ValidationError } from '@/db/repo-errors';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { FormError } from '@/ui/FormError';
import { FORM_ERROR_KEY } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import {
  candidateFormSchema,
  EMPTY_CANDIDATE_FORM,
  formToCandidateFields,
  type CandidateFormOutput,
  type CandidateFormValues,
} from '../candidate-form';
import { candidatesRepo } from '../repo';
import { CandidateFieldInputs } from './CandidateFieldInputs';

export const DUPLICATE_EMAIL_MESSAGE = 'A candidate with this email already exists';

/**
 * Add Candidate (DECISIONS): validated with the shared schema, written to the device, so it works
 * offline and syncs later. An email already on the device is refused here, because every other path
 * (import, integrations) treats the same email as the same person; the refusal offers to open that
 * candidate instead.
 */
function AddCandidateDialogView({
  open,
  onClose,
  onOpenExisting,
}: {
  open: boolean;
  onClose: () => void;
  /** Opens the candidate who already has the email typed (this dialog closes first). */
  onOpenExisting: (uid: string) => void;
}) {
  const [existing, setExisting] = useState<{ uid: string; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CandidateFormValues, unknown, CandidateFormOutput>({
    resolver: zodResolver(candidateFormSchema),
    defaultValues: EMPTY_CANDIDATE_FORM,
  });
  useDirtyForm(open && isDirty, 'add-candidate');
  useEffect(() => {
    if (open) reset(EMPTY_CANDIDATE_FORM);
    setExisting(null);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const [match] = await candidatesRepo.findByEmail(values.email);
    if (match) {
      setExisting({ uid: match.uid, name: match.name });
      setError('email', { message: DUPLICATE_EMAIL_MESSAGE }, { shouldFocus: true });
      return;
    }
    try {
      const created = await candidatesRepo.createCandidate(formToCandidateFields(values));
      toast({ title: 'Candidate Added', description: `${created.name} has been added to the pipeline` });
      onClose();
    } catch (error) {
      if (error instanceof ValidationError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in EMPTY_CANDIDATE_FORM) setError(field as keyof CandidateFormValues, { message });
        }
        return;
      }
      setError(FORM_ERROR_KEY as `root.${string}`, { type: 'server', message: errorMessage(error) });
      toast({ title: 'Could not add candidate', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add Candidate"
      description="Add a sales candidate to the pipeline. It is saved on this device and syncs when you are online."
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-candidate-form" disabled={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add Candidate'}
          </Button>
        </>
      }
    >
      <form id="add-candidate-form" onSubmit={onSubmit} noValidate aria-label="Add Candidate">
        <CandidateFieldInputs idPrefix="add-candidate" register={register} errors={errors} />
        <div className="mt-3 empty:hidden">
          <FormError message={errors.root?.server?.message} />
        </div>
        {existing && errors.email?.message === DUPLICATE_EMAIL_MESSAGE && (
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {existing.name} already has this email.
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onClose();
                onOpenExisting(existing.uid);
              }}
            >
              Open {existing.name}
            </Button>
          </p>
        )}
      </form>
    </Dialog>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const AddCandidateDialog = memo(AddCandidateDialogView);
