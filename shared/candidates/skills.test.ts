import { describe, expect, it } from 'vitest';
import { splitSkills } from './skills';

describe('splitSkills', () => {
  it('splits on commas and trims', () => {
    expect(splitSkills('Cold calling, CRM ,Negotiation')).toEqual(['Cold calling', 'CRM', 'Negotiation']);
  });

  it('drops empty entries', () => {
    expect(splitSkills(' , CRM,, ,')).toEqual(['CRM']);
    expect(splitSkills('')).toEqual([]);
    expect(splitSkills(null)).toEqual([]);
  });
});
