import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  describePhone,
  detectPhoneCountry,
  formatPhone,
  formatPhoneInternational,
  groupInThrees,
  phoneDigits,
  phoneMatches,
  stripPhoneSeparators,
} from './phone';
import { CALLING_CODE_COUNTRIES, countryForDigits } from './phone-countries';

// The spec's list (section 3, Phone display), written out independently of the module's table.
const SPEC_CODES: Array<[code: string, country: string, flag: string]> = [
  ['1', 'USA/Canada', '🇺🇸'],
  ['44', 'UK', '🇬🇧'],
  ['49', 'Germany', '🇩🇪'],
  ['61', 'Australia', '🇦🇺'],
  ['63', 'Philippines', '🇵🇭'],
  ['64', 'New Zealand', '🇳🇿'],
  ['65', 'Singapore', '🇸🇬'],
  ['91', 'India', '🇮🇳'],
  ['86', 'China', '🇨🇳'],
  ['81', 'Japan', '🇯🇵'],
  ['82', 'South Korea', '🇰🇷'],
  ['33', 'France', '🇫🇷'],
  ['34', 'Spain', '🇪🇸'],
  ['39', 'Italy', '🇮🇹'],
  ['52', 'Mexico', '🇲🇽'],
  ['55', 'Brazil', '🇧🇷'],
  ['27', 'South Africa', '🇿🇦'],
  ['31', 'Netherlands', '🇳🇱'],
  ['47', 'Norway', '🇳🇴'],
  ['46', 'Sweden', '🇸🇪'],
  ['45', 'Denmark', '🇩🇰'],
  ['358', 'Finland', '🇫🇮'],
  ['48', 'Poland', '🇵🇱'],
  ['351', 'Portugal', '🇵🇹'],
  ['41', 'Switzerland', '🇨🇭'],
  ['353', 'Ireland', '🇮🇪'],
  ['380', 'Ukraine', '🇺🇦'],
  ['7', 'Russia', '🇷🇺'],
  ['420', 'Czech Republic', '🇨🇿'],
  ['36', 'Hungary', '🇭🇺'],
  ['30', 'Greece', '🇬🇷'],
  ['972', 'Israel', '🇮🇱'],
];

describe('separators and digits', () => {
  it('strips spaces, dashes, brackets and dots but keeps + and other text', () => {
    expect(stripPhoneSeparators(' +1 (949) 555-12.34 ')).toBe('+19495551234');
    expect(stripPhoneSeparators('[02] 8123–4567')).toBe('0281234567');
    expect(stripPhoneSeparators('call 555')).toBe('call555');
    expect(phoneDigits('+63 (917) 123-4567')).toBe('639171234567');
  });

  it('groups in threes without leaving a lone digit', () => {
    expect(groupInThrees('9171234567')).toBe('917 123 4567');
    expect(groupInThrees('281234567')).toBe('281 234 567');
    expect(groupInThrees('12345678')).toBe('123 456 78');
    expect(groupInThrees('1234')).toBe('1234');
  });
});

describe('formatPhone (primary)', () => {
  it('shows a 10-digit North American number as (xxx) xxx-xxxx whatever the separators', () => {
    for (const input of ['9495551234', '949-555-1234', '(949) 555.1234', ' 949 555 1234 ']) {
      expect(formatPhone(input)).toBe('(949) 555-1234');
    }
  });

  it('shows a Philippine number starting with 0 as +63 and the rest', () => {
    expect(formatPhone('0917 123 4567')).toBe('+63 917 123 4567');
    expect(formatPhone('02-8123-4567')).toBe('+63 281 234 567');
  });

  it('keeps an extension', () => {
    expect(formatPhone('949 555 1234 ext. 12')).toBe('(949) 555-1234 ext. 12');
    expect(formatPhone('(949) 555-1234 x7')).toBe('(949) 555-1234 ext. 7');
  });

  it('leaves anything else as typed (trimmed) and empty as empty', () => {
    expect(formatPhone(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
    expect(formatPhone('+6591234567')).toBe('+6591234567');
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('call after 5')).toBe('call after 5');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('formatPhoneInternational (alternate)', () => {
  it('shows numbers starting with 63 as +63 in groups of three', () => {
    expect(formatPhoneInternational('639171234567')).toBe('+63 917 123 4567');
    expect(formatPhoneInternational('+63 917 123 4567')).toBe('+63 917 123 4567');
    expect(formatPhoneInternational('0063-917-123-4567')).toBe('+63 917 123 4567');
  });

  it('shows 11-digit numbers starting with 1 as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhoneInternational('19495551234')).toBe('+1 (949) 555-1234');
    expect(formatPhoneInternational('+1 949-555-1234')).toBe('+1 (949) 555-1234');
  });

  it('does not mistake a bare 10-digit 630/639 area code for the Philippines', () => {
    expect(formatPhoneInternational('630-555-1234')).toBe('(630) 555-1234');
    expect(formatPhoneInternational('6395551234')).toBe('(639) 555-1234');
  });

  it('falls back to the primary formatter', () => {
    expect(formatPhoneInternational('9495551234')).toBe('(949) 555-1234');
    expect(formatPhoneInternational('09171234567')).toBe('+63 917 123 4567');
    expect(formatPhoneInternational('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

describe('country detection', () => {
  it('has exactly the spec list of calling codes', () => {
    expect(CALLING_CODE_COUNTRIES.map((c) => [c.code, c.country, c.flag])).toEqual(SPEC_CODES);
  });

  it.each(SPEC_CODES)('recognises +%s as %s', (code, country, flag) => {
    const phone = `+${code} 123 456 789`;
    expect(describePhone(phone)).toMatchObject({ country, flag, callingCode: code, isEmpty: false });
    expect(describePhone(phone).display.startsWith(`${flag} `)).toBe(true);
    expect(detectPhoneCountry(`00${code}123456789`)?.country).toBe(country);
  });

  it.each(SPEC_CODES.filter(([code]) => code !== '1'))('recognises a bare 11+ digit number starting with %s', (code, country) => {
    expect(detectPhoneCountry(`${code}${'2'.repeat(12 - code.length)}`)?.country).toBe(country);
  });

  it('matches the longest calling code first', () => {
    expect(countryForDigits('358401234567')?.country).toBe('Finland');
    expect(countryForDigits('353871234567')?.country).toBe('Ireland');
    expect(countryForDigits('351912345678')?.country).toBe('Portugal');
    expect(countryForDigits('420601123456')?.country).toBe('Czech Republic');
    expect(countryForDigits('380501234567')?.country).toBe('Ukraine');
    expect(countryForDigits('972501234567')?.country).toBe('Israel');
    expect(countryForDigits('74951234567')?.country).toBe('Russia');
  });

  it('calls unlisted codes Unknown with a globe', () => {
    for (const phone of ['+359 88 123 4567', '+421 901 123 456', '+381 60 123 4567', '+971 50 123 4567', '+212 612 345678']) {
      expect(describePhone(phone), phone).toMatchObject({ country: 'Unknown', flag: '🌐', callingCode: null });
      expect(describePhone(phone).display).toBe(`🌐 ${phone}`);
    }
  });

  it('reads bare numbers the way the formatters do', () => {
    expect(detectPhoneCountry('(310) 555-0100')?.country).toBe('USA/Canada');
    expect(detectPhoneCountry('1 310 555 0100')?.country).toBe('USA/Canada');
    expect(detectPhoneCountry('0917 123 4567')?.country).toBe('Philippines');
    expect(detectPhoneCountry('639171234567')?.country).toBe('Philippines');
    expect(detectPhoneCountry('555 1234')).toBeNull();
    expect(detectPhoneCountry('0123')).toBeNull();
  });

  it('describes a full number for the detail dialog', () => {
    expect(describePhone('+63 917 123 4567')).toEqual({
      isEmpty: false,
      formatted: '+63 917 123 4567',
      country: 'Philippines',
      flag: '🇵🇭',
      callingCode: '63',
      display: '🇵🇭 +63 917 123 4567',
    });
    expect(describePhone('949.555.1234').display).toBe('🇺🇸 (949) 555-1234');
  });

  it("shows 'N/A' for an empty phone", () => {
    for (const empty of ['', '   ', null, undefined]) {
      expect(describePhone(empty)).toEqual({
        isEmpty: true,
        formatted: '',
        country: '',
        flag: '',
        callingCode: null,
        display: 'N/A',
      });
    }
  });

  it('never throws and always shows something for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const description = describePhone(input);
        if (input.trim()) expect(description.formatted.length).toBeGreaterThan(0);
        else expect(description.display).toBe('N/A');
      }),
    );
  });
});

describe('phoneMatches', () => {
  it('matches the phone as typed, case-insensitively', () => {
    expect(phoneMatches('(949) 555-1234', '555-12')).toBe(true);
    expect(phoneMatches('949 555 1234 EXT 5', 'ext')).toBe(true);
  });

  it('matches a phone-like query on digits whatever the separators', () => {
    expect(phoneMatches('(949) 555-1234', '5551234')).toBe(true);
    expect(phoneMatches('+63 917 123 4567', '0917')).toBe(false);
    expect(phoneMatches('+63 917 123 4567', '917-123')).toBe(true);
  });

  it('does not match text queries on digits, nor anything against an empty phone', () => {
    expect(phoneMatches('(949) 555-1234', 'ana 949')).toBe(false);
    expect(phoneMatches(null, '949')).toBe(false);
    expect(phoneMatches('(949) 555-1234', '  ')).toBe(true);
  });
});
