/** A varied, realistic set of candidates for browser tests and screenshots (names, phones, sources, stages). */
import type { CandidateStatus } from '../../../shared/schemas/candidate.schema';
import { hoursAgo, type SeedCandidate } from './candidates';

const FIRST = ['Ann', 'Bo', 'Carla', 'Dev', 'Elena', 'Frank', 'Grace', 'Hiro', 'Ines', 'Jon', 'Kira', 'Liam', 'Mia', 'Noah', 'Olga', 'Pablo'];
const LAST = ['Lee', 'Novak', 'Reyes', 'Patel', 'Smith', 'Okafor', 'Kim', 'Tanaka', 'Silva', 'Berg'];
const STATUSES: CandidateStatus[] = ['new', 'new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'rejected'];
const SOURCES = ['CSV Import', 'Craigslist', 'Zapier', 'Typeform', 'Referral', null];
const PHONES = ['(949) 555-01{n}', '+63 917 555 01{n}', '415-555-01{n}', '+44 20 7946 01{n}', '', '1949555{n}00'];
const LOCATIONS = ['Irvine, CA', 'Manila', 'San Francisco, CA', 'London', 'Austin, TX', null];
const EXPERIENCE = ['5 years of B2B sales', 'Sales team management, 3 years', 'Retail', 'Management consulting', null];

export function sampleCandidates(count: number): SeedCandidate[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i % 100).padStart(2, '0');
    return {
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
      email: `${FIRST[i % FIRST.length]!.toLowerCase()}.${i}@example.com`,
      phone: PHONES[i % PHONES.length]!.replace('{n}', n) || null,
      status: STATUSES[i % STATUSES.length],
      location: LOCATIONS[i % LOCATIONS.length],
      source: SOURCES[i % SOURCES.length],
      experience: EXPERIENCE[i % EXPERIENCE.length],
      skills: i % 3 === 0 ? 'Cold calling, CRM, Negotiation' : 'Prospecting',
      appliedDate: hoursAgo(i * 13 + 2),
    };
  });
}
