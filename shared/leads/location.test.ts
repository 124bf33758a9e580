import { describe, expect, it } from 'vitest';
import { parseLeadLocation, type LeadLocation } from './location';

function read(input: string): LeadLocation {
  const result = parseLeadLocation(input);
  if (!result.ok) throw new Error(result.message);
  return result.location;
}

describe('parseLeadLocation', () => {
  it('reads country codes and names', () => {
    expect(read('US')).toEqual({ country: 'US', countryName: 'United States' });
    expect(read('usa')).toEqual({ country: 'US', countryName: 'United States' });
    expect(read('U.S.A.')).toMatchObject({ country: 'US' });
    expect(read('United States')).toMatchObject({ country: 'US' });
    expect(read('  philippines ')).toEqual({ country: 'PH', countryName: 'Philippines' });
    expect(read('GBR')).toMatchObject({ country: 'GB' });
    expect(read('UK')).toMatchObject({ country: 'GB', countryName: 'United Kingdom' });
    expect(read('South Korea')).toMatchObject({ country: 'KR' });
    expect(read('Canada')).toMatchObject({ country: 'CA' });
    expect(read('CAN')).toMatchObject({ country: 'CA' });
  });

  it('reads US state codes before country codes, and state names', () => {
    expect(read('CA')).toEqual({ country: 'US', countryName: 'United States', region: 'California' });
    expect(read('tx')).toMatchObject({ country: 'US', region: 'Texas' });
    expect(read('New York')).toMatchObject({ country: 'US', region: 'New York' });
    expect(read('DC')).toMatchObject({ country: 'US', region: 'District of Columbia' });
    // A full name is the country; the state has its code.
    expect(read('Georgia')).toMatchObject({ country: 'GE' });
    expect(read('GA')).toMatchObject({ country: 'US', region: 'Georgia' });
  });

  it('reads Canadian provinces', () => {
    expect(read('Ontario')).toMatchObject({ country: 'CA', region: 'Ontario' });
    expect(read('Toronto, ON, Canada')).toMatchObject({ country: 'CA', region: 'Ontario', city: 'Toronto' });
  });

  it('reads cities and regions before the country', () => {
    expect(read('Austin, TX')).toEqual({ country: 'US', countryName: 'United States', region: 'Texas', city: 'Austin' });
    expect(read('Austin, Texas, USA')).toMatchObject({ country: 'US', region: 'Texas', city: 'Austin' });
    expect(read('Texas, US')).toMatchObject({ country: 'US', region: 'Texas' });
    expect(read('London, United Kingdom')).toMatchObject({ country: 'GB', city: 'London' });
    expect(read('Manila, Metro Manila, Philippines')).toMatchObject({ country: 'PH', region: 'Metro Manila', city: 'Manila' });
  });

  it('refuses what it cannot place, saying what to enter', () => {
    for (const input of ['', '  ,  ', 'Springfield', 'Atlantis, Nowhere', 'a, b, c, US', 'x, y, CA']) {
      const result = parseLeadLocation(input);
      expect(result.ok, input).toBe(false);
    }
    const unknown = parseLeadLocation('Springfield');
    expect(unknown.ok === false && unknown.message).toMatch(/"Springfield" is not a country.*state code such as CA.*country code such as USA/);
  });
});
