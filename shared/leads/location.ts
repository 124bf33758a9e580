/**
 * Reads the lead search's Location field into what a people-search provider filters on: a country
 * (ISO alpha-2, which the provider requires) and optionally a region (state, province) and a city.
 *
 * Accepted, case-insensitively, the last comma-separated part being the most general:
 *   "US", "USA", "United States", "Philippines", "PH"      → a country
 *   "CA", "California", "New York"                         → a US state (so country US)
 *   "Ontario"                                              → a Canadian province (country CA)
 *   "Austin, TX", "Austin, Texas, USA", "London, UK"       → city (and region) in a country
 * A two-letter code is read as a US state first (the spec's example "CA" means California), then as a
 * country: Canada is "Canada" or "CAN". A full name is read as a country before a US state, so
 * "Georgia" is the country and "GA" the state.
 */
import { CANADIAN_PROVINCES, COUNTRIES, US_STATES } from './countries';

export interface LeadLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  countryName: string;
  region?: string;
  city?: string;
}

export type LocationResult = { ok: true; location: LeadLocation } | { ok: false; message: string };

export const LOCATION_HINT =
  'Enter a country name, a region, a US state code such as CA, or a country code such as USA.';

function norm(text: string): string {
  return text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

interface CountryEntry {
  code: string;
  name: string;
}

const countryByKey = new Map<string, CountryEntry>();
for (const [alpha2, alpha3, name, ...aliases] of COUNTRIES) {
  const entry = { code: alpha2, name };
  for (const key of [alpha2, alpha3, name, ...aliases]) countryByKey.set(norm(key), entry);
}

function byName(table: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(Object.values(table).map((name) => [norm(name), name]));
}
const usStateByName = byName(US_STATES);
const provinceByName = byName(CANADIAN_PROVINCES);

const US: CountryEntry = { code: 'US', name: 'United States' };
const CANADA: CountryEntry = { code: 'CA', name: 'Canada' };

type Place = { kind: 'country'; country: CountryEntry } | { kind: 'region'; country: CountryEntry; region: string };

function usStateCode(part: string): string | undefined {
  return /^[a-z]{2}$/i.test(part) ? US_STATES[part.toUpperCase()] : undefined;
}

/** What one part names: a country, or a region of a known country. */
function readPlace(part: string): Place | undefined {
  const key = norm(part);
  const state = usStateCode(part);
  if (state) return { kind: 'region', country: US, region: state };
  const country = countryByKey.get(key);
  if (country) return { kind: 'country', country };
  const stateName = usStateByName.get(key);
  if (stateName) return { kind: 'region', country: US, region: stateName };
  const province = provinceByName.get(key);
  if (province) return { kind: 'region', country: CANADA, region: province };
  return undefined;
}

/** A region named inside a known country ("TX" or "Texas" in the US, "ON" or "Ontario" in Canada). */
function regionWithin(country: CountryEntry, part: string): string | undefined {
  if (country.code === 'US') return usStateCode(part) ?? usStateByName.get(norm(part));
  if (country.code === 'CA') {
    return /^[a-z]{2}$/i.test(part) ? CANADIAN_PROVINCES[part.toUpperCase()] : provinceByName.get(norm(part));
  }
  return undefined;
}

export function parseLeadLocation(input: string): LocationResult {
  const parts = input
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Enter a location. ' + LOCATION_HINT };
  if (parts.length > 3) return { ok: false, message: `"${input.trim()}" has too many parts. Use "City, Region, Country" at most.` };
  const last = parts[parts.length - 1]!;
  const place = readPlace(last);
  if (!place) return { ok: false, message: `"${last}" is not a country, region or state code we know. ${LOCATION_HINT}` };
  const rest = parts.slice(0, -1);
  const location: LeadLocation = { country: place.country.code, countryName: place.country.name };
  if (place.kind === 'region') {
    location.region = place.region;
    if (rest.length > 1) return { ok: false, message: `"${input.trim()}" has too many parts before the state or province.` };
    if (rest[0]) location.city = rest[0];
    return { ok: true, location };
  }
  if (rest.length === 2) {
    location.city = rest[0];
    location.region = regionWithin(place.country, rest[1]!) ?? rest[1];
  } else if (rest.length === 1) {
    const region = regionWithin(place.country, rest[0]!);
    if (region) location.region = region;
    else location.city = rest[0];
  }
  return { ok: true, location };
}
