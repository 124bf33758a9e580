import { describe, expect, it } from 'vitest';
import { capitalizeStatus, stageLabel, statusBadgeColor } from './status-labels';

describe('status labels', () => {
  it('uses the stage names for the four stages and the capitalised status otherwise', () => {
    expect(['new', 'interview', 'hired', 'rejected', 'screening'].map((s) => stageLabel(s as 'new'))).toEqual([
      'All Candidates',
      'Interviewed',
      'Hired',
      'Turned Down',
      'Screening',
    ]);
    expect(capitalizeStatus('assessment')).toBe('Assessment');
    expect(capitalizeStatus('')).toBe('');
  });

  it('colours badges as the spec says', () => {
    expect(['hired', 'rejected', 'interview', 'offer', 'new', 'screening'].map(statusBadgeColor)).toEqual([
      'green',
      'red',
      'blue',
      'purple',
      'gray',
      'gray',
    ]);
  });
});
