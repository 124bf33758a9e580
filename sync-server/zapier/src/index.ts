/**
 * RepHire's Zapier app (Zapier Platform CLI): connect with a RepHire address and an API key; instant
 * triggers for new candidates and status changes; actions to create or update a candidate, add a note
 * and change a status; a search by email that can create the candidate when none is found. Built into
 * dist/index.js for `zapier push` (README, "Zapier app").
 */
import zapier from 'zapier-platform-core';
import packageJson from '../package.json';
import { authentication } from './authentication';
import { addServerAndKey, explainFailures } from './client';
import { addNote, changeStatus, createCandidate } from './creates';
import { findCandidate } from './searches';
import { candidateStatusChanged, newCandidate } from './triggers';

export const app = {
  version: packageJson.version,
  platformVersion: zapier.version,
  // Only z.request is used, which Zapier logs itself; leave Node's http and fetch as they are.
  flags: { skipHttpPatch: true },
  authentication,
  beforeRequest: [addServerAndKey],
  afterResponse: [explainFailures],
  // Each under its own key (Zapier requires it to match).
  triggers: { new_candidate: newCandidate, candidate_status_changed: candidateStatusChanged },
  creates: { create_candidate: createCandidate, add_note: addNote, change_status: changeStatus },
  searches: { find_candidate: findCandidate },
  searchOrCreates: {
    find_candidate: {
      key: findCandidate.key,
      display: { label: 'Find or Create Candidate', description: 'Finds the candidate with this email, or creates them.' },
      search: findCandidate.key,
      create: createCandidate.key,
    },
  },
};

export default app;
