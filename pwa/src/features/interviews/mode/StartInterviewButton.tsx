import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deviceTimeZone } from '@shared/format/time-zone';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { errorMessage } from '@/api/errors';
import { useAuthStore } from '@/features/auth/auth-store';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast/toast-queue';
import { scheduledInterviewsRepo } from '../scheduled-interviews-repo';

export const interviewModePath = (uid: string) => `/interviews/run/${uid}`;

/**
 * Opens interview mode. On the signed-in user's own interview it opens that one; on another
 * interviewer's, or on a candidate with none scheduled, it first schedules one starting now with the
 * user as interviewer (their own scorecard: each interviewer scores on their own).
 */
export function StartInterviewButton({ candidateUid, candidateName, interview, size = 'sm' }: { candidateUid: string; candidateName: string; interview?: ScheduledInterview; size?: 'sm' | 'md' }) {
  const me = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const mine = interview !== undefined && me !== null && interview.interviewerId === me.id;

  async function start() {
    if (mine) return navigate(interviewModePath(interview.uid));
    if (!me) return;
    setBusy(true);
    try {
      const uid = interview
        ? await scheduledInterviewsRepo.scheduleInterview(candidateUid, {
            date: interview.date,
            startTime: interview.startTime,
            timeZone: interview.timeZone,
            durationMinutes: interview.durationMinutes,
            interviewerId: me.id,
            place: interview.place,
            note: interview.note,
          })
        : await scheduledInterviewsRepo.startInterviewNow(candidateUid, me.id, deviceTimeZone());
      navigate(interviewModePath(uid));
    } catch (error) {
      toast({ title: 'Could not start the interview', description: errorMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  }

  const label = interview && !mine ? 'Join and score' : 'Start interview';
  return (
    <Button size={size} onClick={() => void start()} disabled={busy || !me} aria-label={`${label} with ${candidateName}`}>
      {label}
    </Button>
  );
}
