/** Actions: create or update a candidate (by email), add a note line, change a status. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { candidateInputFields, candidateOutputFields, candidateSample, filledIn, statusChoices } from './fields';

const CANDIDATE_KEYS = candidateInputFields.map((field) => field.key);

const candidateIdField = {
  key: 'candidateId',
  label: 'Candidate ID',
  type: 'integer' as const,
  required: true,
  helpText: 'The RepHire ID of the candidate: map it from a trigger or from the Find Candidate by Email search.',
};

const candidateIdOf = (bundle: Bundle) => encodeURIComponent(String(bundle.inputData.candidateId ?? '').trim());

export const createCandidate = {
  key: 'create_candidate',
  noun: 'Candidate',
  display: {
    label: 'Create or Update Candidate',
    description: 'Adds a candidate to RepHire, or updates the one with the same email and notes that they reapplied.',
  },
  operation: {
    inputFields: candidateInputFields,
    perform: async (z: ZObject, bundle: Bundle) =>
      (await z.request({ url: '/api/zapier/candidates', method: 'POST', body: filledIn(bundle.inputData, CANDIDATE_KEYS) })).data,
    sample: candidateSample,
    outputFields: candidateOutputFields,
  },
};

export const addNote = {
  key: 'add_note',
  noun: 'Note',
  display: { label: 'Add Note to Candidate', description: "Adds a dated line at the end of a candidate's notes." },
  operation: {
    inputFields: [
      candidateIdField,
      { key: 'note', label: 'Note', type: 'text' as const, required: true, helpText: 'One line; RepHire puts the date in front of it.' },
    ],
    perform: async (z: ZObject, bundle: Bundle) =>
      (await z.request({ url: `/api/zapier/candidates/${candidateIdOf(bundle)}/notes`, method: 'POST', body: { note: bundle.inputData.note } })).data,
    sample: { ...candidateSample, notes: '[2026-11-24 09:00 PST] Called back, interested in the AE role' },
    outputFields: candidateOutputFields,
  },
};

export const changeStatus = {
  key: 'change_status',
  noun: 'Status',
  display: {
    label: 'Change Candidate Status',
    description: 'Moves a candidate to another status in the pipeline, with the dated "Status updated" line in their notes.',
  },
  operation: {
    inputFields: [candidateIdField, { key: 'status', label: 'Status', required: true, choices: statusChoices }],
    perform: async (z: ZObject, bundle: Bundle) =>
      (await z.request({ url: `/api/zapier/candidates/${candidateIdOf(bundle)}/status`, method: 'POST', body: { status: bundle.inputData.status } })).data,
    sample: { ...candidateSample, status: 'interview', statusChangedAt: '2026-11-24T18:00:00.000Z' },
    outputFields: candidateOutputFields,
  },
};
