import { meetingLinkOf } from '@shared/schemas/scheduled-interview.schema';

/** Where an interview is: a meeting link opens in a new tab; anything else is shown as text. */
export function InterviewPlace({ place }: { place: string }) {
  if (!place.trim()) return <span className="text-muted-foreground">No place given</span>;
  const link = meetingLinkOf(place);
  if (!link) return <span className="break-words">{place}</span>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-2">
      {place.trim()}
    </a>
  );
}
