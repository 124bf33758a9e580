/**
 * /linkedin-sales-reps: search a people-search provider for sales reps and keep them as leads.
 * The search runs on the server in the background (useLeadSearch); saved leads are read from the
 * device's cache (useSavedLeads), so browsing and exporting work offline.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TabPanel as StayingTabPanel } from '@headlessui/react';
import { useAuthStore } from '@/features/auth/auth-store';
import { Button } from '@/ui/Button';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/ui/Tabs';
import { toast } from '@/ui/toast/toast-queue';
import { useOnline } from '@/ui/useOnline';
import { DEFAULT_LEAD_COUNT, DEFAULT_LEAD_JOB_TITLE, DEFAULT_LEAD_LOCATION, LEAD_FOLLOW_UP_DELAY_MS } from '@shared/leads/constants';
import { exportLeadsToCsv } from './export-leads';
import { OFFLINE_SEARCH_TOAST, providerKeySaved } from './lead-api';
import { DownloadIcon, RefreshIcon } from './lead-icons';
import { ProviderKeyDialog } from './ProviderKeyDialog';
import { SavedLeadsTab } from './SavedLeadsTab';
import { SearchForm, type SearchValues } from './SearchForm';
import { isActive, useLeadSearch } from './useLeadSearch';
import { useLeadsRefresh, useSavedLeadsView } from './useSavedLeads';

const FORM_ID = 'lead-search-form';
const SEARCH_TAB = 0;
const SAVED_TAB = 1;

export function LinkedinSalesRepsPage() {
  const owner = useAuthStore((state) => state.user?.id);
  const online = useOnline();
  const [tab, setTab] = useState(SEARCH_TAB);
  const [values, setValues] = useState<SearchValues>({
    jobTitle: DEFAULT_LEAD_JOB_TITLE,
    location: DEFAULT_LEAD_LOCATION,
    count: DEFAULT_LEAD_COUNT,
  });
  const [keyDialogOpen, setKeyDialogOpen] = useState(false);
  const [hasKey, setHasKey] = useState<boolean | null>(null);
  const refresh = useLeadsRefresh();
  const { counts } = useSavedLeadsView(1, 1);
  const lastSearch = useRef<SearchValues>(values);
  const rerun = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    void providerKeySaved().then(setHasKey);
    return () => clearTimeout(rerun.current);
  }, []);

  const search = useLeadSearch({
    onApiKeyProblem: () => setKeyDialogOpen(true),
    onLeadsChanged: () => void refresh.refresh(),
    onStarted: () => setTab(SAVED_TAB),
  });

  const runSearch = useCallback(
    (next: SearchValues) => {
      if (!navigator.onLine) {
        toast({ ...OFFLINE_SEARCH_TOAST, variant: 'destructive' });
        return;
      }
      lastSearch.current = next;
      void search.run({ job_title: next.jobTitle.trim(), location: next.location.trim(), count: next.count });
    },
    [search],
  );

  function keySaved() {
    setKeyDialogOpen(false);
    setHasKey(true);
    void refresh.refresh();
    // The spec: the search runs again about half a second after a successful key save.
    clearTimeout(rerun.current);
    rerun.current = setTimeout(() => runSearch(lastSearch.current), LEAD_FOLLOW_UP_DELAY_MS);
  }

  async function manualRefresh() {
    if (!(await refresh.refresh())) {
      toast({
        title: 'Refresh failed',
        description: navigator.onLine ? 'Please try again' : 'You are offline. Showing the leads saved on this device.',
        variant: 'destructive',
      });
    }
  }

  const location = values.location.trim() || DEFAULT_LEAD_LOCATION;
  const busy = search.starting || isActive(search.job);

  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">LinkedIn Sales Reps</h1>
          <p className="text-muted-foreground">Find sales representatives on LinkedIn and keep them as leads.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Submits the Search tab's form (kept mounted for this), so Enter in its fields searches too. */}
          <Button type="submit" form={FORM_ID} disabled={busy || !online}>
            {search.starting ? 'Searching...' : `Search ${location}`}
          </Button>
          <Button variant="outline" onClick={manualRefresh}>
            <RefreshIcon />
            Refresh
          </Button>
          <Button variant="outline" disabled={counts.total === 0} onClick={() => void exportLeadsToCsv(owner)}>
            <DownloadIcon />
            Export to CSV
          </Button>
        </div>
      </header>

      {/* The last search's failure stays in view, on either tab, until the next search starts. */}
      {search.failure && (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          <p className="font-semibold">{search.failure.title}</p>
          <p className="mt-1">{search.failure.description}</p>
        </div>
      )}
      <Tabs selectedIndex={tab} onChange={setTab}>
        <TabList className="max-w-sm">
          <Tab>Search</Tab>
          <Tab>Saved Leads</Tab>
        </TabList>
        <TabPanels>
          <StayingTabPanel unmount={false} className="focus-visible:outline-none">
            <SearchForm
              id={FORM_ID}
              values={values}
              onChange={setValues}
              onSubmit={runSearch}
              onInvalid={() => setTab(SEARCH_TAB)}
              online={online}
              hasKey={hasKey}
              onChangeKey={() => setKeyDialogOpen(true)}
            />
          </StayingTabPanel>
          <TabPanel>
            <SavedLeadsTab job={search.job} onCancel={() => void search.cancel()} refresh={refresh} online={online} />
          </TabPanel>
        </TabPanels>
      </Tabs>

      <ProviderKeyDialog open={keyDialogOpen} onClose={() => setKeyDialogOpen(false)} onSaved={keySaved} />
    </section>
  );
}
