import { useState } from 'react';
import { cn } from '@/ui/cn';
import { profileImageUrl } from './lead-api';
import { leadInitials } from './lead-format';

/**
 * The lead's initials, covered by their picture once it loads. The picture comes through the server
 * (never from the third-party address directly); when there is none, or it fails (offline, expired
 * link), the initials stay.
 */
export function LeadAvatar({ name, linkedinUrl, hasPicture, className }: { name: string | null; linkedinUrl: string; hasPicture: boolean; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={cn('relative size-10 shrink-0 overflow-hidden rounded-full bg-primary/10', className)}>
      <span aria-hidden="true" data-testid="lead-initials" className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-primary">
        {leadInitials(name)}
      </span>
      {hasPicture && !failed && (
        <img
          src={profileImageUrl(linkedinUrl)}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
