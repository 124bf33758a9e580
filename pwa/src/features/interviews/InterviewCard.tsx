import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { InterviewEntry } from '@shared/interviews/interview-day';
import { formatPhone } from '@shared/candidates/phone';
import { formatLocalDate } from '@shared/format/dates';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { MailIcon, MapPinIcon, PencilIcon, PhoneIcon, PlusIcon } from '@/ui/action-icons';
import { CalendarIcon } from '@/ui/icons';
import { NoteEditor } from './NoteEditor';
import { StatusBadge } from './StatusBadge';

export const NO_NOTES_TEXT = 'No notes added yet. Click "Add Notes" to begin.';

export interface InterviewCardProps {
  entry: InterviewEntry;
  editing: boolean;
  /** Another card is being edited: one note at a time. */
  locked: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (text: string) => Promise<void>;
  /** The scheduled interview this card is for, when it is one (its time, interviewer and place). */
  schedule?: ReactNode;
}

/** One candidate of the day: contact details with the spec's fallbacks, and the interview note. */
export function InterviewCard({ entry, editing, locked, onEdit, onCancel, onSave, schedule }: InterviewCardProps) {
  const { candidate, note } = entry;
  const headingId = `interview-${useId()}`;
  const notesButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  // Saving or cancelling removes the editor that had focus: give it back to Add/Edit Notes, not the page.
  useEffect(() => {
    if (wasEditing.current && !editing && document.activeElement === document.body) notesButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {candidate.name}
        </h3>
        <StatusBadge status={candidate.status} />
      </header>
      {schedule}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Detail icon={<MailIcon />} label="Email" value={candidate.email} wide />
        <Detail icon={<PhoneIcon />} label="Phone" value={candidate.phone ? formatPhone(candidate.phone) : 'No phone'} />
        <Detail icon={<CalendarIcon />} label="Applied" value={formatLocalDate(candidate.appliedDate)} prefix="Applied: " />
        <Detail icon={<MapPinIcon />} label="Location" value={candidate.location || 'Not specified'} prefix="Location: " wide />
      </dl>
      <section className="grid gap-2 border-t pt-3" aria-label={`Interview Notes for ${candidate.name}`}>
        <div className="flex items-center justify-between gap-2">
          <h4 className="text-sm font-medium">Interview Notes</h4>
          {!editing && (
            <Button ref={notesButton} variant="outline" size="sm" onClick={onEdit} disabled={locked}>
              {note ? <PencilIcon /> : <PlusIcon />}
              {note ? 'Edit Notes' : 'Add Notes'}
            </Button>
          )}
        </div>
        {editing ? (
          <NoteEditor candidateName={candidate.name} initialText={note?.note ?? ''} onSave={onSave} onCancel={onCancel} />
        ) : note?.note ? (
          <p className="text-sm whitespace-pre-wrap">{note.note}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">{NO_NOTES_TEXT}</p>
        )}
      </section>
    </article>
  );
}

function Detail({ icon, label, value, prefix = '', wide }: { icon: ReactNode; label: string; value: string; prefix?: string; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-2 text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0', wide && 'sm:col-span-2')}>
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 truncate" title={value}>
        {prefix && <span aria-hidden="true">{prefix}</span>}
        <span className="text-foreground">{value}</span>
      </dd>
    </div>
  );
}
