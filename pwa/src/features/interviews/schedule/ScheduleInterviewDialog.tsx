import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { deviceTimeZone, toDayString } from '@shared/format/time-zone';
import { formatDuration, wallClockIn } from '@shared/interviews/interview-times';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { TeamMember } from '@shared/schemas/user.schema';
import { useAuthStore } from '@/features/auth/auth-store';
import { errorMessage } from '@/api/errors';
import { ValidationError } from '@/db/repo-errors';
import { FormDialog } from '@/ui/FormDialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input, Textarea } from '@/ui/Input';
import { toast } from '@/ui/toast/toast-queue';
import { useTeam } from '../hooks/useTeam';
import { scheduledInterviewsRepo } from '../scheduled-interviews-repo';
import { DURATION_CHOICES, scheduleFormSchema, type ScheduleFormValues } from './schedule-form';

const FORM_ID = 'schedule-interview-form';
const SELECT_CLASSES = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm';

/**
 * Schedules an interview of a candidate: on the device at once (offline too), synced to the team later.
 * The time is the device's wall-clock time; the interviewer is one of the team's users (as last fetched
 * online).
 */
export function ScheduleInterviewDialog({ candidate, interview, onClose }: { candidate: Candidate; interview?: ScheduledInterview; onClose: () => void }) {
  const team = useTeam();
  const userId = useAuthStore((state) => state.user?.id);
  // The form mounts once the team is read, so the signed-in user's option exists to be the default.
  if (!team) return null;
  return <ScheduleForm candidate={candidate} interview={interview} team={team} defaultInterviewerId={team.some((m) => m.id === userId) ? userId : undefined} onClose={onClose} />;
}

interface ScheduleFormProps {
  candidate: Candidate;
  /** The interview being changed; none to schedule a new one. */
  interview: ScheduledInterview | undefined;
  team: TeamMember[];
  defaultInterviewerId: number | undefined;
  onClose: () => void;
}

/** The form's starting values: a new interview's defaults, or the interview's, its time on this device's clock. */
function initialValues(interview: ScheduledInterview | undefined, defaultInterviewerId: number | undefined, timeZone: string): ScheduleFormValues {
  if (!interview) {
    return { date: toDayString(Date.now(), timeZone), startTime: '09:00', durationMinutes: 60, interviewerId: defaultInterviewerId as number, place: '', note: '' };
  }
  const { interviewerId, durationMinutes, place, note } = interview;
  return { ...wallClockIn(interview, timeZone), durationMinutes, interviewerId: interviewerId as number, place, note };
}

function ScheduleForm({ candidate, interview, team, defaultInterviewerId, onClose }: ScheduleFormProps) {
  const timeZone = deviceTimeZone();
  const [initial] = useState(() => initialValues(interview, defaultInterviewerId, timeZone));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: initial,
  });

  const submit = handleSubmit(async (values) => {
    try {
      if (interview) {
        // An unchanged time keeps the zone it was scheduled in (the same instant, written as it was).
        const sameTime = values.date === initial.date && values.startTime === initial.startTime;
        const when = sameTime ? { date: interview.date, startTime: interview.startTime, timeZone: interview.timeZone } : { date: values.date, startTime: values.startTime, timeZone };
        await scheduledInterviewsRepo.changeInterview(interview.uid, { ...values, ...when });
        toast({ title: 'Interview changed', description: `${candidate.name}, ${values.date} at ${values.startTime}` });
      } else {
        await scheduledInterviewsRepo.scheduleInterview(candidate.uid, { ...values, timeZone });
        toast({ title: 'Interview scheduled', description: `${candidate.name}, ${values.date} at ${values.startTime}` });
      }
      onClose();
    } catch (failure) {
      if (failure instanceof ValidationError) {
        for (const [field, message] of Object.entries(failure.fields)) {
          if (field in values) setError(field as keyof ScheduleFormValues, { message });
        }
        return;
      }
      setError('root', { message: errorMessage(failure) });
    }
  });

  const field = (name: keyof ScheduleFormValues) => ({
    ...fieldControlProps(`schedule-${name}`, { error: errors[name]?.message }),
  });

  return (
    <FormDialog
      title={interview ? 'Change interview' : 'Schedule interview'}
      description={`An interview with ${candidate.name}. Saved on this device and synced to the team.`}
      formId={FORM_ID}
      submitting={isSubmitting}
      submitLabel={interview ? 'Save interview' : 'Schedule'}
      busyLabel={interview ? 'Saving...' : 'Scheduling...'}
      onClose={onClose}
      error={errors.root?.message}
    >
      {/* The dialog sits inside the candidate form's React tree: its submit must not reach that form. */}
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
        noValidate
        aria-label={interview ? 'Change interview' : 'Schedule interview'}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField id="schedule-date" label="Date" error={errors.date?.message}>
          <Input type="date" {...field('date')} {...register('date')} />
        </FormField>
        <FormField id="schedule-startTime" label="Start time" error={errors.startTime?.message}>
          <Input type="time" {...field('startTime')} {...register('startTime')} />
        </FormField>
        <FormField id="schedule-durationMinutes" label="Duration" error={errors.durationMinutes?.message}>
          <select {...field('durationMinutes')} {...register('durationMinutes', { valueAsNumber: true })} className={SELECT_CLASSES}>
            {DURATION_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="schedule-interviewerId" label="Interviewer" error={errors.interviewerId?.message}>
          <select {...field('interviewerId')} {...register('interviewerId', { valueAsNumber: true })} className={SELECT_CLASSES}>
            <option value="">Choose an interviewer</option>
            {team.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="schedule-place" label="Place or meeting link" error={errors.place?.message} className="sm:col-span-2">
          <Input autoComplete="off" placeholder="Room 4, or https://meet…" {...field('place')} {...register('place')} />
        </FormField>
        <FormField id="schedule-note" label="Note" labelExtra={<span className="text-xs text-muted-foreground">(optional)</span>} error={errors.note?.message} className="sm:col-span-2">
          <Textarea rows={3} {...field('note')} {...register('note')} />
        </FormField>
      </form>
    </FormDialog>
  );
}
