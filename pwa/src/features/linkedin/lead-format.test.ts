import { describe, expect, it } from 'vitest';
import { cleanJobTitle, contactSource, formatFollowers, leadInitials, leadState, leadTitle, pageItems, yearRange } from './lead-format';

describe('lead display rules', () => {
  it('reads New when first and last scraped times are equal, Updated otherwise', () => {
    expect(leadState({ scraped_at: '2026-11-22T10:00:00.000Z', last_scraped_at: '2026-11-22T10:00:00.000Z' })).toBe('new');
    expect(leadState({ scraped_at: '2026-11-22T10:00:00.000Z', last_scraped_at: '2026-11-22T10:00:00Z' })).toBe('new');
    expect(leadState({ scraped_at: '2026-11-22T10:00:00.000Z', last_scraped_at: '2026-11-23T08:00:00.000Z' })).toBe('updated');
  });

  it('makes initials of up to two letters', () => {
    expect(leadInitials('Ada Lovelace')).toBe('AL');
    expect(leadInitials('  josé  maría núñez ')).toBe('JN');
    expect(leadInitials('Cher')).toBe('C');
    expect(leadInitials('')).toBe('?');
    expect(leadInitials(null)).toBe('?');
  });

  it('takes the contact source from a "Contact via X" marker, else LinkedIn', () => {
    expect(contactSource('Sales Rep (Contact via Apollo)')).toBe('Apollo');
    expect(contactSource('Sales Rep | Contact via RocketReach')).toBe('RocketReach');
    expect(contactSource('Sales Rep - contact via Hunter.io')).toBe('Hunter.io');
    expect(contactSource('Sales Rep')).toBe('LinkedIn');
    expect(contactSource(null)).toBe('LinkedIn');
    expect(cleanJobTitle('Sales Rep (Contact via Apollo)')).toBe('Sales Rep');
    expect(leadTitle({ headline: null, job_title: 'Sales Rep | Contact via Apollo' })).toBe('Sales Rep');
    expect(leadTitle({ headline: 'Closer at Acme', job_title: 'Sales Rep' })).toBe('Closer at Acme');
  });

  it('writes year ranges with Present for an open end', () => {
    expect(yearRange({ year: 2019 }, null)).toBe('2019 - Present');
    expect(yearRange({ year: 2015 }, { year: 2018 })).toBe('2015 - 2018');
    expect(yearRange(null, { year: 2018 })).toBe('2018');
    expect(yearRange(null, null)).toBe('');
    expect(yearRange({ year: 2010 }, null, '')).toBe('2010');
  });

  it('formats follower counts', () => {
    expect(formatFollowers(12345)).toBe('12,345');
    expect(formatFollowers(0)).toBe('0');
    expect(formatFollowers(null)).toBe('—');
  });

  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
