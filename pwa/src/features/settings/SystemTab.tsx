import { useMemo } from 'react';
import { uniqueByEmail } from '@shared/candidates/dedup';
import { useCandidateList } from '@/features/candidates/hooks/useCandidateList';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { useOnline } from '@/ui/useOnline';
import { DeduplicationSection } from './DeduplicationSection';
import { ScorecardCriteriaSetting } from './ScorecardCriteriaSetting';
import { SelfRegistrationSetting } from './SelfRegistrationSetting';
import { SettingsSection } from './SettingsSection';

/** Settings → System (admins only; the server refuses these calls to anyone else). */
export function SystemTab() {
  const online = useOnline();
  const list = useCandidateList();
  const duplicateCount = useMemo(
    () => (list.status === 'ready' ? list.entries.length - uniqueByEmail(list.newestFirst).length : undefined),
    [list],
  );
  return (
    <SettingsSection title="System Management" description="Team-wide settings and maintenance of the candidate database.">
      {!online && <OfflineNotice />}
      <div className="grid gap-3">
        <h3 className="font-medium">Registration</h3>
        <SelfRegistrationSetting online={online} />
      </div>
      <hr />
      <ScorecardCriteriaSetting online={online} />
      <hr />
      <DeduplicationSection online={online} duplicateCount={duplicateCount} />
    </SettingsSection>
  );
}
