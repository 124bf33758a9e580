import { useMemo } from 'react';
import { dedupeByEmail } from '@shared/candidates/dedup';
import { OfflineNotice } from '@/app/OfflineNotice';
import { useOnline } from '@/app/useOnline';
import { useCandidates } from '@/features/candidates/hooks/useCandidates';
import { DeduplicationSection } from './DeduplicationSection';
import { SelfRegistrationSetting } from './SelfRegistrationSetting';
import { SettingsSection } from './SettingsSection';

/** Settings → System (admins only; the server refuses these calls to anyone else). */
export function SystemTab() {
  const online = useOnline();
  const candidates = useCandidates();
  const duplicateCount = useMemo(() => candidates && dedupeByEmail(candidates).duplicatesHidden, [candidates]);
  return (
    <SettingsSection title="System Management" description="Team-wide settings and maintenance of the candidate database.">
      {!online && <OfflineNotice />}
      <div className="grid gap-3">
        <h3 className="font-medium">Registration</h3>
        <SelfRegistrationSetting online={online} />
      </div>
      <hr />
      <DeduplicationSection online={online} duplicateCount={duplicateCount} />
    </SettingsSection>
  );
}
