import type { ReactNode } from 'react';
import type { Lead } from '@shared/schemas/lead.schema';
import { LEAD_EDUCATION_SHOWN, LEAD_EXPERIENCE_SHOWN } from '@shared/leads/constants';
import { contactSource, yearRange } from './lead-format';

// h2: the page has only its h1 above, and headings must not skip levels.
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const muted = 'text-sm text-muted-foreground';

/** "View Complete Profile": summary, contact info, up to 3 experiences and 2 education entries. */
export function LeadProfile({ lead }: { lead: Lead }) {
  const experience = lead.experience.slice(0, LEAD_EXPERIENCE_SHOWN);
  const education = lead.education.slice(0, LEAD_EDUCATION_SHOWN);
  return (
    <div className="grid gap-6 p-4 md:grid-cols-2" data-testid="lead-profile">
      <Section title="Summary">
        <p className="text-sm whitespace-pre-line">{lead.summary || <span className="text-muted-foreground">No summary available</span>}</p>
      </Section>
      <Section title="Contact Info">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd>{lead.email || 'Email Unavailable'}</dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{lead.phone_number || 'Phone Unavailable'}</dd>
          <dt className="text-muted-foreground">Source</dt>
          <dd>{contactSource(lead.job_title)}</dd>
        </dl>
      </Section>
      <Section title="Experience">
        {experience.length === 0 ? (
          <p className={muted}>No experience data available</p>
        ) : (
          <ul className="grid gap-3">
            {experience.map((entry, i) => (
              <li key={i} className="text-sm">
                <p className="font-medium">{entry.title || 'Untitled role'}</p>
                {entry.company && <p>{entry.company}</p>}
                {entry.location && <p className={muted}>{entry.location}</p>}
                <p className={muted}>{yearRange(entry.starts_at, entry.ends_at)}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Education">
        {education.length === 0 ? (
          <p className={muted}>No education data available</p>
        ) : (
          <ul className="grid gap-3">
            {education.map((entry, i) => (
              <li key={i} className="text-sm">
                <p className="font-medium">{entry.school || 'Unknown school'}</p>
                {(entry.degree_name || entry.field_of_study) && <p>{[entry.degree_name, entry.field_of_study].filter(Boolean).join(', ')}</p>}
                <p className={muted}>{yearRange(entry.starts_at, entry.ends_at, '')}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
