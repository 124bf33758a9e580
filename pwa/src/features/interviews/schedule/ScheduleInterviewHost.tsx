import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '@/db/app-db';
import { fromLocalCandidate } from '@/db/database';
import { ScheduleInterviewDialog } from './ScheduleInterviewDialog';
import { useScheduleRequest } from './schedule-request';

/** Renders the Schedule interview dialog a list asked for (schedule-request.ts); mounted once per page. */
export function ScheduleInterviewHost() {
  const candidateUid = useScheduleRequest((state) => state.candidateUid);
  const close = useScheduleRequest((state) => state.close);
  const candidate = useLiveQuery(async () => {
    if (!candidateUid) return null;
    const row = await appDb.candidates.get(candidateUid);
    return row && !row.deletedAt ? fromLocalCandidate(row) : null;
  }, [candidateUid]);
  if (!candidateUid || !candidate) return null;
  return <ScheduleInterviewDialog key={candidateUid} candidate={candidate} onClose={close} />;
}
