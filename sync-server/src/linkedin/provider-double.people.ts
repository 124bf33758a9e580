/**
 * The provider double's people: generated, never stored, and the same for the same query and seed, so a
 * repeated search finds the same profiles (and marks them Updated). Person i of a query is built from a
 * PRNG seeded by (seed, query, i). The mix is deliberately untidy: missing emails, phones, pictures,
 * summaries, experiences and education; names with apostrophes and accents; headlines with commas,
 * quotes, line breaks and leading = + - @ (which the CSV export must neutralise).
 */
import { COUNTRIES } from '@shared/leads/countries';

export interface DoubleQuery {
  country: string;
  /** The literal job title, read back from the provider's regular expression. */
  roleTitle: string;
  region?: string;
  city?: string;
}

const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Sofia', 'Ethan', 'Chloé', 'Mateo', 'Priya', 'Kenji', 'Amara', 'Lucas', 'Zoë', 'Omar', 'Grace', 'José', 'Hannah', 'Wei', 'Isabela', 'Connor', 'Fatima', 'Diego', 'Ingrid', 'Kwame'];
const LAST = ['Smith', "O'Brien", 'Núñez', 'Nguyen', 'Patel', 'Kowalski', 'García', 'Okafor', 'Johnson', 'Müller', 'Smith-Jones', 'Tanaka', 'Rossi', 'Andersson', 'Dubois', 'Reyes', 'Cohen', 'MacLeod', 'Silva', 'Haddad'];
const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Sales, Inc.', 'Stark Industries', 'Hooli', 'Vandelay Industries', 'Wayne Enterprises', 'Soylent "Green" Co', 'Cyberdyne', 'Tyrell Corp', 'Massive Dynamic'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Georgetown', 'Salem', 'Madison', 'Clinton', 'Franklin', 'Greenville', 'Bristol'];
const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const SCHOOLS = ['State University', 'Tech Institute', 'City College', 'Business School of Commerce', 'Polytechnic University'];
const DEGREES = ['Bachelor of Arts', 'Bachelor of Science', 'MBA', 'Associate Degree', null];
const FIELDS = ['Marketing', 'Business Administration', 'Communications', 'Economics', null];
const PREFIXES = ['', 'Senior ', 'Inside ', 'Regional ', 'Enterprise '];
const ODD_HEADLINES = ['=Top performer=', '+200% of quota, three years running', '-Closer-', '@Acme: always be closing', 'Sales, "relationships", results'];

/** A 32-bit FNV-1a hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function queryKey(query: DoubleQuery): string {
  return [query.country, query.region ?? '', query.city ?? '', query.roleTitle].join('|').toLowerCase();
}

/** How many people match: fewer in a region, fewer still in a city; always over 200,000 for a country. */
export function matchingCount(query: DoubleQuery, seed: number): number {
  const h = hash(`${seed}|${queryKey(query)}`);
  if (query.city) return 5_000 + (h % 10_000);
  if (query.region) return 40_000 + (h % 20_000);
  return 220_000 + (h % 40_000);
}

function countryName(code: string): string {
  return COUNTRIES.find(([alpha2]) => alpha2 === code.toUpperCase())?.[2] ?? code;
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export interface DoubleOptions {
  seed: number;
  pictureBaseUrl: string;
}

/** Person `index` of the query's results, in Proxycurl's result shape. */
export function generatePerson(query: DoubleQuery, index: number, options: DoubleOptions) {
  const id = hash(`${options.seed}|${queryKey(query)}|${index}`);
  const random = prng(id);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const first = pick(FIRST);
  const last = pick(LAST);
  const fullName = `${first} ${last}`;
  // The index keeps every slug of a query unique; the hash makes slugs differ between queries.
  const slug = `${ascii(first)}-${ascii(last)}-${(id & 0xffff).toString(16)}${index.toString(36)}`;
  const company = pick(COMPANIES);
  const title = `${pick(PREFIXES)}${query.roleTitle}`;
  const city = query.city ?? pick(CITIES);
  const state = query.region ?? `${pick(REGIONS)} Province`;
  const nowYear = 2026;
  const started = nowYear - 1 - Math.floor(random() * 8);
  const experiences = chance(0.1)
    ? []
    : Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => {
        const start = started - i * 3;
        return {
          title: i === 0 ? title : `${pick(PREFIXES)}Account Executive`,
          company: i === 0 ? company : pick(COMPANIES),
          location: chance(0.8) ? `${city}, ${state}` : null,
          starts_at: { day: 1, month: 1 + (i % 12), year: start },
          ends_at: i === 0 ? null : { day: 1, month: 6, year: start + 2 },
          description: chance(0.3) ? 'Grew the territory.\nOpened new accounts.' : null,
        };
      });
  const education = chance(0.15)
    ? []
    : Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => ({
        school: `${pick(SCHOOLS)}${i ? ' (Extension)' : ''}`,
        degree_name: pick(DEGREES),
        field_of_study: pick(FIELDS),
        starts_at: { day: 1, month: 9, year: started - 6 - i * 4 },
        ends_at: { day: 1, month: 6, year: started - 2 - i * 4 },
      }));
  const headline = index % 37 === 5 ? pick(ODD_HEADLINES) : `${title} at ${company}`;
  const emailDomain = pick(['example.com', 'mail.example.org', 'example.net']);
  return {
    linkedin_profile_url: `https://www.linkedin.com/in/${slug}`,
    last_updated: '2026-11-01T00:00:00Z',
    profile: {
      public_identifier: slug,
      full_name: fullName,
      first_name: first,
      last_name: last,
      headline,
      summary: chance(0.25) ? null : `${fullName} sells.\nFocus: "${query.roleTitle}" roles, new logos, renewals.`,
      profile_pic_url: chance(0.3) ? null : `${options.pictureBaseUrl}/${slug}.jpg`,
      follower_count: Math.floor(random() ** 3 * 20_000),
      city,
      state,
      country: query.country.toUpperCase(),
      country_full_name: countryName(query.country),
      experiences,
      education,
      personal_emails: chance(0.6) ? [`${ascii(first)}.${ascii(last)}${index % 100}@${emailDomain}`] : [],
      personal_numbers: chance(0.4) ? [`+1 415 555 ${String(id % 10_000).padStart(4, '0')}`] : [],
    },
  };
}
