import { useState } from 'react';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { addLeadAsCandidate } from './add-lead-as-candidate';
import type { CachedLead } from './leads-db';
import { LeadAvatar } from './LeadAvatar';
import { LeadProfile } from './LeadProfile';
import { contactSource, formatFollowers, formatLeadDate, leadTitle } from './lead-format';
import { ExternalLinkIcon } from './lead-icons';

export const LEAD_COLUMNS = ['Profile', 'Title', 'Company', 'Location', 'Contact Info', 'Followers', 'Date Scraped', 'Actions'] as const;

const cell = 'px-2 py-3 align-top';

/** One saved lead, and its complete profile below it when expanded. */
export function LeadRow({ lead }: { lead: CachedLead }) {
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const profileId = `lead-profile-${lead.id}`;
  const name = lead.full_name || 'Unknown name';
  const safeLink = lead.linkedin_url.startsWith('https://') ? lead.linkedin_url : undefined;
  return (
    <>
      <tr className="border-b" data-testid="lead-row">
        <td className={cell}>
          <div className="flex items-start gap-3">
            <LeadAvatar name={lead.full_name} linkedinUrl={lead.linkedin_url} hasPicture={Boolean(lead.profile_pic_url)} />
            <div className="grid gap-1">
              <span className="font-medium">{name}</span>
              <button
                type="button"
                className="justify-self-start text-xs font-medium whitespace-nowrap text-primary hover:underline"
                aria-expanded={open}
                aria-controls={profileId}
                onClick={() => setOpen((value) => !value)}
              >
                {open ? 'Hide Complete Profile' : 'View Complete Profile'}
              </button>
            </div>
          </div>
        </td>
        <td className={cell}>{leadTitle(lead) || '—'}</td>
        <td className={cell}>{lead.company || '—'}</td>
        <td className={cell}>{lead.location || '—'}</td>
        <td className={`${cell} text-sm [overflow-wrap:anywhere]`}>
          <div className={lead.email ? '' : 'text-muted-foreground'}>{lead.email || 'Email Unavailable'}</div>
          <div className={lead.phone_number ? '' : 'text-muted-foreground'}>{lead.phone_number || 'Phone Unavailable'}</div>
          <div className="text-xs text-muted-foreground">Source: {contactSource(lead.job_title)}</div>
        </td>
        <td className={`${cell} tabular-nums`}>{formatFollowers(lead.follower_count)}</td>
        <td className={cell}>
          <div className="grid justify-items-start gap-1">
            <span className="whitespace-nowrap">{formatLeadDate(lead.scraped_at)}</span>
            {lead.state === 'new' ? <Badge variant="success">New</Badge> : <Badge variant="secondary">Updated</Badge>}
          </div>
        </td>
        <td className={cell}>
          <div className="flex flex-wrap items-center gap-1">
            <Button
              variant="outline"
              size="sm"
              disabled={!lead.email || adding}
              title={lead.email ? undefined : 'This lead has no email'}
              onClick={() => {
                setAdding(true);
                void addLeadAsCandidate(lead).finally(() => setAdding(false));
              }}
            >
              Add as candidate<span className="sr-only"> ({name})</span>
            </Button>
            {safeLink && (
              <a
                href={safeLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${name}'s LinkedIn profile`}
                className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
              >
                <ExternalLinkIcon className="size-4" />
              </a>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr id={profileId} className="border-b bg-muted/40">
          <td colSpan={LEAD_COLUMNS.length}>
            <LeadProfile lead={lead} />
          </td>
        </tr>
      )}
    </>
  );
}
