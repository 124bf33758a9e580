/** The Interviews page's live lists for one day, and the upcoming interviews, from local data. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterviewEntry } from '@shared/interviews/interview-day';
import { errorMessage } from '@/api/client';
import { interviewsRepo, type InterviewsRepo, type ScheduledEntry } from '../repo';

export type InterviewDayResult =
  | { scheduled: ScheduledEntry[]; entries: InterviewEntry[]; error?: undefined }
  | { scheduled?: undefined; entries?: undefined; error: string };

/**
 * undefined while loading; the day's scheduled interviews and other entries; or why they could not be
 * read (the page shows it rather than letting the error escape the render).
 */
export function useInterviewDay(day: string, timeZone: string, repo: InterviewsRepo = interviewsRepo): InterviewDayResult | undefined {
  return useLiveQuery(async (): Promise<InterviewDayResult> => {
    try {
      return await repo.dayView(day, timeZone);
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, [day, timeZone, repo]);
}

/** The interviews of the days after `today` (see UPCOMING_DAYS); undefined while loading. */
export function useUpcomingInterviews(today: string, timeZone: string, repo: InterviewsRepo = interviewsRepo): ScheduledEntry[] | undefined {
  return useLiveQuery(() => repo.upcoming(today, timeZone), [today, timeZone, repo]);
}
