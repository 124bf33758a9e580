/**
 * The dashboard (spec section 2): figures over the device's candidates, deduplicated by email,
 * so it works offline and reflects local changes at once.
 */
import { useState } from 'react';
import { displayNameOf } from '@/features/auth/display-name';
import { useAuthStore } from '@/features/auth/auth-store';
import { loadErrorText, useCandidateList } from '@/features/candidates/hooks/useCandidateList';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import { UploadIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { AdminPanel } from './components/AdminPanel';
import { HiredDialog } from './components/HiredDialog';
import { PipelinePanel } from './components/PipelinePanel';
import { RecentCandidates } from './components/RecentCandidates';
import { StatCards } from './components/StatCards';
import { useDashboardSummary } from './useDashboardSummary';

export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const newAccount = useAuthStore((state) => state.newAccount);
  const openImport = useUiStore((state) => state.openImport);
  const list = useCandidateList();
  const { error } = list;
  const summary = useDashboardSummary(list);
  const [hiredOpen, setHiredOpen] = useState(false);

  let body;
  if (error) {
    body = (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
        {loadErrorText(error)}
      </div>
    );
  } else if (!summary) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading candidates..." />
      </div>
    );
  } else {
    body = (
      <>
        <StatCards counts={summary.counts} onOpenHired={() => setHiredOpen(true)} />
        {summary.counts.total === 0 && (
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-dashed p-6">
            <div>
              <h2 className="font-semibold">No candidates yet</h2>
              <p className="text-sm text-muted-foreground">Import a CSV or Excel file to fill your pipeline.</p>
            </div>
            <Button onClick={openImport}>
              <UploadIcon /> Import CSV
            </Button>
          </div>
        )}
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          <div className="xl:col-span-2">
            <RecentCandidates candidates={summary.recent} />
          </div>
          <PipelinePanel stages={summary.pipeline} uniqueCount={summary.uniqueCount} duplicatesHidden={summary.duplicatesHidden} />
        </div>
        <HiredDialog open={hiredOpen} onClose={() => setHiredOpen(false)} hired={summary.hired} />
      </>
    );
  }

  return (
    <section className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">
          {newAccount ? 'Welcome' : 'Welcome back'}, {user ? displayNameOf(user) : ''}
        </p>
      </div>
      {body}
      {user?.role === 'admin' && <AdminPanel />}
    </section>
  );
}
