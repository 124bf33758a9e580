import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyPhoneRegion, locationFilterLabel, regionMatchesFilter } from './location-filter';

describe('classifyPhoneRegion', () => {
  it('counts numbers starting with 1 as United States', () => {
    expect(classifyPhoneRegion('1 212 555 0100')).toBe('us');
    expect(classifyPhoneRegion('+1 (212) 555-0100')).toBe('us');
  });

  it('counts numbers containing 949 or 1949 as United States', () => {
    expect(classifyPhoneRegion('(949) 555-0100')).toBe('us');
    expect(classifyPhoneRegion('+44 1949 555 010')).toBe('us');
    expect(classifyPhoneRegion('555 949')).toBe('us');
  });

  it('counts numbers starting with 63 or +63, or containing 639, as International', () => {
    expect(classifyPhoneRegion('639171234567')).toBe('international');
    expect(classifyPhoneRegion('+63 917 123 4567')).toBe('international');
    expect(classifyPhoneRegion('0063 917 123 4567')).toBe('international');
    expect(classifyPhoneRegion('+44 7639 123456')).toBe('international');
  });

  it('counts other 10–11 digit numbers without 63 as United States', () => {
    expect(classifyPhoneRegion('212-555-0100')).toBe('us');
    expect(classifyPhoneRegion('+44 20 7946 095')).toBe('us');
    expect(classifyPhoneRegion('09171234567')).toBe('us');
  });

  it('puts everything else under neither (only All Locations shows it)', () => {
    expect(classifyPhoneRegion('')).toBe('other');
    expect(classifyPhoneRegion(null)).toBe('other');
    expect(classifyPhoneRegion('call me')).toBe('other');
    expect(classifyPhoneRegion('555-0100')).toBe('other');
    expect(classifyPhoneRegion('+44 20 7946 0958')).toBe('other');
    expect(classifyPhoneRegion('212 563 0100')).toBe('other');
  });

  it('lets a leading calling code win over a contained 949 or 639', () => {
    expect(classifyPhoneRegion('+63 949 123 4567')).toBe('international');
    expect(classifyPhoneRegion('1 639 555 0100')).toBe('us');
  });

  it('puts a number containing both 949 and 639 without a leading code in the United States', () => {
    expect(classifyPhoneRegion('949-639-1234')).toBe('us');
    expect(classifyPhoneRegion('5639 949 000')).toBe('us');
  });

  it('keeps the two regions disjoint and total (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '3', '4', '6', '9', ' ', '+', '-'), maxLength: 16 }), (phone) => {
        const region = classifyPhoneRegion(phone);
        expect(['us', 'international', 'other']).toContain(region);
        expect(regionMatchesFilter(region, 'all')).toBe(true);
        expect(regionMatchesFilter(region, 'us') && regionMatchesFilter(region, 'international')).toBe(false);
      }),
    );
  });
});

describe('regionMatchesFilter', () => {
  it('shows neither-region numbers only under All Locations', () => {
    expect(regionMatchesFilter('other', 'all')).toBe(true);
    expect(regionMatchesFilter('other', 'us')).toBe(false);
    expect(regionMatchesFilter('other', 'international')).toBe(false);
    expect(regionMatchesFilter('us', 'us')).toBe(true);
    expect(regionMatchesFilter('us', 'international')).toBe(false);
  });

  it('labels the options as the spec does', () => {
    expect(['all', 'us', 'international'].map((f) => locationFilterLabel(f as 'all'))).toEqual([
      'All Locations',
      'United States',
      'International',
    ]);
  });
});
