import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { errorMessage } from '@/api/errors';
import { appName } from '@/lib/app-config';
import { Button } from '@/ui/Button';
import { downloadBlob } from '@/ui/download';
import { toast } from '@/ui/toast/toast-queue';

/**
 * Downloads the interview as an .ics file, made on the device (offline too). The calendar library is
 * loaded on the first use, not with the page (the service worker precaches its chunk).
 */
export function AddToCalendarButton({ interview, candidateName, interviewerName }: { interview: ScheduledInterview; candidateName: string; interviewerName: string }) {
  async function download() {
    try {
      const { interviewIcs, interviewIcsFileName } = await import('@shared/interviews/interview-ics');
      const text = interviewIcs(interview, { candidateName, interviewerName, appName: appName(), now: new Date() });
      downloadBlob(new Blob([text], { type: 'text/calendar;charset=utf-8' }), interviewIcsFileName(candidateName, interview));
    } catch (failure) {
      toast({ title: 'Could not make the calendar file', description: errorMessage(failure), variant: 'destructive' });
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} aria-label={`Add to calendar: interview with ${candidateName}`}>
      Add to calendar
    </Button>
  );
}
