/**
 * Interview mode (/interviews/run/:uid): one focused screen for running an interview on a tablet — the
 * candidate's key facts and past interviews, the scorecard and the notes side by side. Every choice is
 * saved on the device as it is made (interview.score) and synced from there, so it works offline and
 * survives a reload; the header says whether the latest changes are only on this device or synced.
 * Only the interview's interviewer fills its scorecard; others see it read-only.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPhone } from '@shared/candidates/phone';
import { deviceTimeZone } from '@shared/format/time-zone';
import { criteriaShown } from '@shared/interviews/scorecard';
import { formatDuration, formatInterviewDay, formatInterviewTimeRange } from '@shared/interviews/interview-times';
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { Recommendation, ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import type { TeamMember } from '@shared/schemas/user.schema';
import { errorMessage } from '@/api/errors';
import { appDb } from '@/db/app-db';
import { fromLocalCandidate } from '@/db/database';
import { useAuthStore } from '@/features/auth/auth-store';
import { SkillTags } from '@/features/candidates/components/detail/CandidateOverview';
import { Spinner } from '@/ui/Spinner';
import { toast } from '@/ui/toast/toast-queue';
import { useOnline } from '@/ui/useOnline';
import { interviewerName, useTeam } from '../hooks/useTeam';
import { useScorecardCriteria } from '../hooks/useScorecardCriteria';
import { CriterionAverages, ScorecardSummary } from '../record/ScorecardSummary';
import { scheduledInterviewsRepo } from '../scheduled-interviews-repo';
import { InterviewPlace } from '../schedule/InterviewPlace';
import { StatusBadge } from '../StatusBadge';
import { InterviewNotesEditor } from './InterviewNotesEditor';
import { ScorecardForm } from './ScorecardForm';
import { useInterviewSaveState } from './useInterviewSaveState';

export function InterviewModePage() {
  const { uid = '' } = useParams();
  const data = useLiveQuery(async () => {
    const interview = await appDb.scheduledInterviews.get(uid);
    if (!interview || interview.deletedAt) return { interview: null, candidate: null, others: [] };
    const row = await appDb.candidates.get(interview.candidateUid);
    const candidate = row && !row.deletedAt ? fromLocalCandidate(row) : null;
    const all = candidate ? await scheduledInterviewsRepo.interviewsOfCandidate(candidate.uid) : [];
    return { interview, candidate, others: all.filter((other) => other.uid !== uid).reverse() };
  }, [uid]);
  const team = useTeam() ?? [];
  const criteria = useScorecardCriteria();
  const me = useAuthStore((state) => state.user);
  const [writing, setWriting] = useState(0);
  const [notesPending, setNotesPending] = useState(false);

  const write = useCallback(
    async (change: Parameters<typeof scheduledInterviewsRepo.scoreInterview>[1]) => {
      setWriting((n) => n + 1);
      try {
        await scheduledInterviewsRepo.scoreInterview(uid, change);
      } finally {
        setWriting((n) => n - 1);
      }
    },
    [uid],
  );
  const saveChoice = (change: Parameters<typeof scheduledInterviewsRepo.scoreInterview>[1]) =>
    write(change).catch((error: unknown) => toast({ title: 'Could not save the scorecard', description: errorMessage(error), variant: 'destructive' }));

  if (!data || !criteria) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner size="sm" label="Loading the interview" /> Loading the interview...
      </div>
    );
  }
  const { interview, candidate, others } = data;
  if (!interview || !candidate) {
    return (
      <div className="mx-auto grid max-w-lg justify-items-center gap-3 py-16 text-center">
        <p className="text-lg font-semibold">Interview not found</p>
        <p className="text-sm text-muted-foreground">It may have been cancelled, or its candidate deleted.</p>
        <Link to="/interviews" className="text-sm text-primary hover:underline">
          Back to Interviews
        </Link>
      </div>
    );
  }
  const timeZone = deviceTimeZone();
  const mine = me !== null && interview.interviewerId === me.id;
  const shown = criteriaShown(criteria, [interview]);

  return (
    <div className="mx-auto grid max-w-7xl gap-4">
      <header className="sticky top-0 z-10 -mx-2 flex flex-wrap items-center justify-between gap-3 border-b bg-background/95 px-2 py-3 backdrop-blur">
        <div className="grid gap-0.5">
          <Link to={`/interviews?day=${interview.date}`} className="text-sm text-primary hover:underline">
            ← Back to Interviews
          </Link>
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Interview with {candidate.name}</h1>
          <p className="text-sm text-muted-foreground">
            {formatInterviewDay(interview, timeZone)}, {formatInterviewTimeRange(interview, timeZone)} ({formatDuration(interview.durationMinutes)}) · Interviewer:{' '}
            {interviewerName(team, interview.interviewerId)}
          </p>
        </div>
        <SaveState uid={uid} saving={writing > 0 || notesPending} />
      </header>

      {!mine && (
        <p role="note" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          Only the interviewer, {interviewerName(team, interview.interviewerId)}, can fill this scorecard. Use “Join and score” on the interview to score it yourself.
        </p>
      )}

      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CandidateFacts candidate={candidate} interview={interview} others={others} team={team} criteria={criteria} timeZone={timeZone} />

        <section className="grid content-start gap-6 rounded-lg border p-4 sm:p-5" aria-label="Scorecard">
          <h2 className="text-lg font-semibold">Scorecard</h2>
          <ScorecardForm
            interview={interview}
            criteria={shown}
            disabled={!mine}
            onRate={(criterionId, score) => void saveChoice({ scores: { [criterionId]: score } })}
            onRecommend={(recommendation: Recommendation | null) => void saveChoice({ recommendation })}
          />
          <InterviewNotesEditor
            key={interview.uid}
            interviewUid={interview.uid}
            stored={interview.scorecardNotes}
            disabled={!mine}
            save={(notes, notesBase) => write({ notes, notesBase })}
            onPendingChange={setNotesPending}
          />
        </section>
      </div>
    </div>
  );
}

/** Interview mode's side column: the candidate's key facts and their other interviews with scores. */
function CandidateFacts({
  candidate,
  interview,
  others,
  team,
  criteria,
  timeZone,
}: {
  candidate: Candidate;
  interview: ScheduledInterview;
  others: ScheduledInterview[];
  team: readonly TeamMember[];
  criteria: readonly ScorecardCriterion[];
  timeZone: string;
}) {
  return (
    <aside className="grid content-start gap-5 md:order-none" aria-label={`About ${candidate.name}`}>
      <section className="grid gap-2 rounded-lg border p-4" aria-label="Key facts">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">{candidate.name}</h2>
          <StatusBadge status={candidate.status} />
        </div>
        <dl className="grid gap-1 text-sm">
          <Fact label="Email">
            <a href={`mailto:${candidate.email}`} className="break-all text-primary hover:underline">
              {candidate.email}
            </a>
          </Fact>
          <Fact label="Phone">{candidate.phone ? formatPhone(candidate.phone) : 'No phone'}</Fact>
          <Fact label="Location">{candidate.location || 'Not specified'}</Fact>
          {interview.place && (
            <Fact label="Where">
              <InterviewPlace place={interview.place} />
            </Fact>
          )}
        </dl>
        {interview.note && <p className="text-sm whitespace-pre-wrap text-muted-foreground">{interview.note}</p>}
      </section>
      <section className="grid gap-2" aria-labelledby="mode-experience">
        <h2 id="mode-experience" className="text-sm font-semibold">
          Experience
        </h2>
        <p className="text-sm whitespace-pre-wrap">{candidate.experience || <span className="text-muted-foreground">No experience listed</span>}</p>
      </section>
      <section className="grid gap-2" aria-labelledby="mode-skills">
        <h2 id="mode-skills" className="text-sm font-semibold">
          Skills
        </h2>
        <SkillTags skills={candidate.skills} />
      </section>
      <section className="grid gap-3" aria-labelledby="mode-past">
        <h2 id="mode-past" className="text-sm font-semibold">
          Other interviews
        </h2>
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other interviews.</p>
        ) : (
          <>
            <CriterionAverages interviews={others} criteria={criteria} candidateName={candidate.name} />
            <ul className="grid gap-2" aria-label={`Other interviews of ${candidate.name}`}>
              {others.map((other) => (
                <li key={other.uid} className="grid gap-1.5 rounded-md border p-3">
                  <p className="text-sm font-medium">
                    {formatInterviewDay(other, timeZone)} · {interviewerName(team, other.interviewerId)}
                  </p>
                  <ScorecardSummary interview={other} criteria={criteria} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </aside>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** "Saving…", "Saved on this device" (with why it waits) or "Synced", and a refusal when there is one. */
function SaveState({ uid, saving }: { uid: string; saving: boolean }) {
  const state = useInterviewSaveState(uid);
  const online = useOnline();
  let text = 'Synced';
  let tone = 'text-emerald-700 dark:text-emerald-300';
  if (saving) {
    text = 'Saving…';
    tone = 'text-muted-foreground';
  } else if (state && state.pending > 0) {
    text = online ? 'Saved on this device · syncing' : 'Saved on this device · syncs when back online';
    tone = 'text-amber-700 dark:text-amber-300';
  }
  return (
    <div className="grid justify-items-end gap-1 text-right">
      <p role="status" aria-live="polite" data-testid="interview-save-state" className={`text-sm font-medium ${tone}`}>
        {state ? text : ''}
      </p>
      {state?.refused && (
        <p role="alert" className="max-w-xs text-xs text-destructive">
          Not saved on the server: {state.refused}
        </p>
      )}
    </div>
  );
}
