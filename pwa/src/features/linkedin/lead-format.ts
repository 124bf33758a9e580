/** How a saved lead reads on screen (spec section 2, Saved Leads). Pure functions, no React. */
import type { Lead } from '@shared/schemas/lead.schema';
import { formatLocalDate } from '@shared/format/dates';

export type LeadState = 'new' | 'updated';

/** New when first and last scraped times are equal, Updated when they differ. */
export function leadState(lead: Pick<Lead, 'scraped_at' | 'last_scraped_at'>): LeadState {
  return new Date(lead.scraped_at).getTime() === new Date(lead.last_scraped_at).getTime() ? 'new' : 'updated';
}

/** Up to two letters: the first letters of the first and last words of the name. */
export function leadInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .map((word) => (word ? Array.from(word)[0]! : ''))
    .join('');
  return letters.toUpperCase() || '?';
}

const CONTACT_MARKER = /\s*[([|–—-]?\s*Contact via\s+([^)\]|,;]+?)\s*[)\]]?\s*$/i;

/** The source of the contact details: the job title's "Contact via X" marker, else LinkedIn. */
export function contactSource(jobTitle: string | null | undefined): string {
  const match = CONTACT_MARKER.exec(jobTitle ?? '');
  return match?.[1]?.trim() || 'LinkedIn';
}

/** The job title without its "Contact via X" marker. */
export function cleanJobTitle(jobTitle: string | null | undefined): string {
  return (jobTitle ?? '').replace(CONTACT_MARKER, '').trim();
}

/** What the row shows under the name: the headline, else the job title. */
export function leadTitle(lead: Pick<Lead, 'headline' | 'job_title'>): string {
  return lead.headline?.trim() || cleanJobTitle(lead.job_title);
}

type YearValue = { year: number | null } | null | undefined;

/** "2019 - Present", "2015 - 2018"; the start year alone when `openEnd` is empty; empty when nothing is known. */
export function yearRange(starts: YearValue, ends: YearValue, openEnd = 'Present'): string {
  const start = starts?.year;
  if (!start) return ends?.year ? String(ends.year) : '';
  if (ends?.year) return `${start} - ${ends.year}`;
  return openEnd ? `${start} - ${openEnd}` : String(start);
}

export function formatFollowers(count: number | null | undefined): string {
  return typeof count === 'number' ? count.toLocaleString('en-US') : '—';
}

export function formatLeadDate(iso: string): string {
  return formatLocalDate(iso);
}

export type PageItem = number | 'gap';

/**
 * The page buttons: the first and last pages, the current page and its neighbours, with a gap where
 * pages are left out (a gap of one page shows that page instead).
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const shown = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.length ? (items[items.length - 1] as number) : undefined;
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  }
  return items;
}
