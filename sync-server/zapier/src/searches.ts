/** Search: the candidate with an email (trimmed, any case); with "create if not found" it pairs with Create or Update Candidate. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { candidateOutputFields, candidateSample } from './fields';

export const findCandidate = {
  key: 'find_candidate',
  noun: 'Candidate',
  display: { label: 'Find Candidate by Email', description: 'Finds the candidate with this email in RepHire.' },
  operation: {
    inputFields: [{ key: 'email', label: 'Email', required: true, helpText: 'Matched without regard to case or surrounding spaces.' }],
    perform: async (z: ZObject, bundle: Bundle) =>
      (await z.request({ url: '/api/zapier/candidates', params: { email: String(bundle.inputData.email ?? '') } })).data as unknown[],
    sample: candidateSample,
    outputFields: candidateOutputFields,
  },
};
