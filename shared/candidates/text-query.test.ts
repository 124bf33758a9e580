import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { phoneDigits } from './phone';
import { digitsInclude, includesLowerCased, phoneFieldMatches, prepareQuery } from './text-query';

/** Text made of the characters the matchers treat differently: digits, separators, letters of both cases, accents. */
const phoneLike = fc.string({ unit: fc.constantFrom(...'0123456789 ()-.+xX'), maxLength: 20 });
const digitRun = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 });
const nameLike = fc.string({ unit: fc.constantFrom(...'aAbBzZ 0-@ÉéİıßK'), maxLength: 14 });
const lowerQuery = fc.string({ unit: fc.constantFrom(...'abz 0-@éiß'), maxLength: 4 });

describe('digitsInclude', () => {
  it('answers what the phone digits string would, without making it', () => {
    fc.assert(
      fc.property(phoneLike, digitRun, (text, digits) => {
        expect(digitsInclude(text, digits)).toBe(phoneDigits(text).includes(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds digits across separators, and only contiguous digits', () => {
    expect(digitsInclude('(949) 555-0101', '9495550101')).toBe(true);
    expect(digitsInclude('(949) 555-0101', '5550')).toBe(true);
    expect(digitsInclude('(949) 555-0101', '4955')).toBe(true);
    expect(digitsInclude('(949) 555-0101', '9490')).toBe(false);
    expect(digitsInclude('+1 (555) 981-4081', '19814')).toBe(false);
    expect(digitsInclude('', '1')).toBe(false);
    expect(digitsInclude('abc', '')).toBe(true);
  });

  it('lets a phone-like search match by digits through phoneFieldMatches', () => {
    expect(phoneFieldMatches('(949) 555-0101', prepareQuery('555 0101'))).toBe(true);
    expect(phoneFieldMatches('(949) 555-0101', prepareQuery('555 0102'))).toBe(false);
    expect(phoneFieldMatches('+63 917 123 4567 ext 9', prepareQuery('ext 9'))).toBe(true);
    expect(phoneFieldMatches('', prepareQuery(''))).toBe(true);
  });
});

describe('includesLowerCased', () => {
  it('answers what the lower-cased copy would, for ASCII and other text', () => {
    fc.assert(
      fc.property(nameLike, lowerQuery, (text, query) => {
        expect(includesLowerCased(text, query)).toBe(text.toLowerCase().includes(query));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches names whatever their case, and accented ones as lower-casing makes them', () => {
    expect(includesLowerCased('Ana Cruz', 'cruz')).toBe(true);
    expect(includesLowerCased('ANA CRUZ', 'a c')).toBe(true);
    expect(includesLowerCased('Ana Cruz', 'cruzz')).toBe(false);
    expect(includesLowerCased('Élodie Martin', 'élodie')).toBe(true);
    expect(includesLowerCased('Élodie Martin', 'elodie')).toBe(false);
    expect(includesLowerCased('[Ana]', '{ana}')).toBe(false);
    expect(includesLowerCased('', '')).toBe(true);
  });
});
