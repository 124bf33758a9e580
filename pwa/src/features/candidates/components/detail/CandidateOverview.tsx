import type { ReactNode } from 'react';
import { applicationHistory } from '@shared/candidates/notes';
import { describePhone } from '@shared/candidates/phone';
import { splitSkills } from '@shared/candidates/skills';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { formatPacificDate } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/ui/action-icons';
import { Badge } from '@/ui/Badge';

export function DetailSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = `detail-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Contact information and application details, side by side from md. */
export function ContactAndApplication({ candidate, editAction }: { candidate: Candidate; editAction?: ReactNode }) {
  const phone = describePhone(candidate.phone);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <DetailSection title="Contact Information" action={editAction}>
        <ul className="grid gap-2 text-sm">
          <li className="flex items-center gap-2">
            <MailIcon className="size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">Email:</span>
            <a href={`mailto:${candidate.email}`} className="min-w-0 break-all text-primary hover:underline">
              {candidate.email}
            </a>
          </li>
          <li className="flex flex-wrap items-center gap-2">
            <PhoneIcon className="size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">Phone:</span>
            {phone.isEmpty ? (
              <span className="text-muted-foreground">N/A</span>
            ) : (
              <>
                <span>
                  <span aria-hidden="true">{phone.flag} </span>
                  {phone.formatted}
                </span>
                <Badge variant="outline" data-testid="phone-country">
                  {phone.country}
                </Badge>
              </>
            )}
          </li>
          <li className="flex items-center gap-2">
            <MapPinIcon className="size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">Location:</span>
            {candidate.location || <span className="text-muted-foreground">Not specified</span>}
          </li>
        </ul>
      </DetailSection>
      <DetailSection title="Application Details">
        <dl className="grid gap-2">
          <Row label="Applied">{formatPacificDate(candidate.appliedDate) || '-'}</Row>
          <Row label="Current stage">
            <Badge variant="secondary">{capitalizeStatus(candidate.status)}</Badge>
          </Row>
          <Row label="Source">{candidate.source || '-'}</Row>
        </dl>
      </DetailSection>
    </div>
  );
}

/** Professional experience, skills as tags, and the application history taken from the notes. */
export function ProfileSections({ candidate }: { candidate: Candidate }) {
  const history = applicationHistory(candidate.notes);
  return (
    <>
      <DetailSection title="Professional Experience">
        <p className="text-sm whitespace-pre-wrap">
          {candidate.experience || <span className="text-muted-foreground">No experience listed</span>}
        </p>
      </DetailSection>
      <DetailSection title="Skills">
        <SkillTags skills={candidate.skills} />
      </DetailSection>
      <DetailSection title="Application History">
        {history.length ? (
          <ul className="grid gap-1 text-sm">
            {history.map((entry, index) => (
              <li key={index} className="flex flex-wrap gap-2">
                {entry.date && <span className="font-mono text-xs text-muted-foreground">[{entry.date}]</span>}
                <span>{entry.text}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No re-applications recorded</p>
        )}
      </DetailSection>
    </>
  );
}

/** A candidate's skills as tags, or "No skills listed". */
export function SkillTags({ skills }: { skills: string }) {
  const tags = splitSkills(skills);
  if (!tags.length) return <p className="text-sm text-muted-foreground">No skills listed</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
      {tags.map((skill, index) => (
        <li key={`${skill}-${index}`}>
          <Badge variant="secondary">{skill}</Badge>
        </li>
      ))}
    </ul>
  );
}
