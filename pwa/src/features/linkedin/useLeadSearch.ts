/**
 * The user's lead search as the screen follows it. Starting one answers at once (the server runs it in
 * the background); while it is queued or running, the job is polled and the saved leads refreshed as
 * they arrive. When a search this screen watched ends, the spec's toasts are shown: "Search complete"
 * then, 0.5 s later, "Leads saved to database"; a failure that mentions the API key opens the key dialog.
 * A search that was already over when the screen opened is not announced again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/ui/toast/toast-queue';
import { LEAD_FOLLOW_UP_DELAY_MS } from '@shared/leads/constants';
import type { LeadSearchJob, LeadSearchRequest } from '@shared/schemas/lead.schema';
import { cancelSearch, currentSearch, errorFields, mentionsApiKey, searchFailureToast, startSearch } from './lead-api';

const POLL_MS = 1500;
export const API_KEY_TOAST = { title: 'API Key Required', description: 'Please configure your Proxycurl API key to search LinkedIn' };

export const isActive = (job: LeadSearchJob | null | undefined) => job?.status === 'queued' || job?.status === 'running';

export interface LeadSearchOptions {
  /** A failure mentioned the API key: open the key dialog. */
  onApiKeyProblem(): void;
  /** Leads were saved (or the search ended): refresh the list. */
  onLeadsChanged(): void;
  /** A search was started or resumed. */
  onStarted?(): void;
}

/** Why the last search failed, kept on the page until the next one starts (a toast goes in seconds). */
export interface SearchFailure {
  title: string;
  description: string;
}

export interface LeadSearch {
  job: LeadSearchJob | null;
  failure: SearchFailure | null;
  starting: boolean;
  run(request: LeadSearchRequest): Promise<void>;
  cancel(): Promise<void>;
}

export function useLeadSearch(options: LeadSearchOptions): LeadSearch {
  const [job, setJob] = useState<LeadSearchJob | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<SearchFailure | null>(null);
  const latest = useRef(options);
  latest.current = options;
  /** Jobs seen active on this screen: only their endings are announced. */
  const watched = useRef(new Set<string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const announceEnd = useCallback(
    (ended: LeadSearchJob, totalSaved: number) => {
      latest.current.onLeadsChanged();
      if (ended.status === 'completed') {
        const detail = `${ended.processed_count.toLocaleString('en-US')} leads processed: ${ended.new_count.toLocaleString('en-US')} new, ${ended.updated_count.toLocaleString('en-US')} updated.`;
        toast({ title: 'Search complete', description: detail || 'LinkedIn leads have been processed and saved to database' });
        later(
          () => toast({ title: 'Leads saved to database', description: `${totalSaved.toLocaleString('en-US')} total leads saved to your database` }),
          LEAD_FOLLOW_UP_DELAY_MS,
        );
      } else if (ended.status === 'cancelled') {
        toast({ title: 'Search cancelled', description: `${ended.processed_count.toLocaleString('en-US')} leads were saved before it stopped.` });
      } else if (ended.error && mentionsApiKey(ended.error.message)) {
        latest.current.onApiKeyProblem();
        setFailure(API_KEY_TOAST);
        toast({ ...API_KEY_TOAST, variant: 'destructive' });
      } else {
        const failed = {
          title: ended.error?.message || 'Error searching LinkedIn',
          description: ended.error?.detail || ended.error?.action || 'The search stopped.',
        };
        setFailure(failed);
        toast({ ...failed, variant: 'destructive' });
      }
    },
    [later],
  );

  const current = useRef<LeadSearchJob | null>(null);
  const track = useCallback(
    (next: LeadSearchJob | null, totalSaved: number) => {
      const previous = current.current;
      current.current = next;
      setJob(next);
      if (!next) return;
      if (isActive(next)) watched.current.add(next.id);
      if (previous?.id === next.id && next.processed_count !== previous.processed_count) latest.current.onLeadsChanged();
      if (!isActive(next) && watched.current.delete(next.id)) announceEnd(next, totalSaved);
    },
    [announceEnd],
  );

  // What is under way when the screen opens, then polling while a search is active.
  useEffect(() => {
    let stopped = false;
    void currentSearch()
      .then((answer) => !stopped && track(answer.job, answer.total_saved))
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [track]);

  const active = isActive(job);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await currentSearch();
        if (!stopped) track(answer.job, answer.total_saved);
      } catch {
        // Offline or a passing failure: keep the last known state and try again.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, track]);

  const run = useCallback(
    async (request: LeadSearchRequest) => {
      setStarting(true);
      setFailure(null);
      try {
        const started = await startSearch(request);
        toast({ title: started.message, description: started.detail });
        track(started.job, started.total_saved);
        latest.current.onStarted?.();
      } catch (error) {
        const fields = errorFields(error);
        const failed = mentionsApiKey(fields.message) ? API_KEY_TOAST : searchFailureToast(error);
        if (failed === API_KEY_TOAST) latest.current.onApiKeyProblem();
        setFailure(failed);
        toast({ ...failed, variant: 'destructive' });
      } finally {
        setStarting(false);
      }
    },
    [track],
  );

  const cancel = useCallback(async () => {
    if (!job) return;
    try {
      const { job: cancelled } = await cancelSearch(job.id);
      track(cancelled, 0);
    } catch (error) {
      toast({ ...searchFailureToast(error), title: 'Could not cancel the search', variant: 'destructive' });
    }
  }, [job, track]);

  return { job, failure, starting, run, cancel };
}
