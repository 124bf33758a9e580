/** The Interviews page's live list for one day, from local data. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterviewEntry } from '@shared/interviews/interview-day';
import { errorMessage } from '@/api/client';
import { interviewsRepo, type InterviewsRepo } from '../repo';

export type InterviewDayResult = { entries: InterviewEntry[]; error?: undefined } | { entries?: undefined; error: string };

/**
 * undefined while loading; the day's entries; or why they could not be read (the page shows it rather
 * than letting the error escape the render).
 */
export function useInterviewDay(day: string, timeZone: string, repo: InterviewsRepo = interviewsRepo): InterviewDayResult | undefined {
  return useLiveQuery(async (): Promise<InterviewDayResult> => {
    try {
      return { entries: await repo.interviewEntries(day, timeZone) };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, [day, timeZone, repo]);
}
