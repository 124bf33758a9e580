/** The calling codes the spec recognises (section 3, Phone display), with the names it gives them. */
export interface CallingCodeCountry {
  code: string;
  country: string;
  flag: string;
}

export const CALLING_CODE_COUNTRIES: readonly CallingCodeCountry[] = [
  { code: '1', country: 'USA/Canada', flag: '🇺🇸' },
  { code: '44', country: 'UK', flag: '🇬🇧' },
  { code: '49', country: 'Germany', flag: '🇩🇪' },
  { code: '61', country: 'Australia', flag: '🇦🇺' },
  { code: '63', country: 'Philippines', flag: '🇵🇭' },
  { code: '64', country: 'New Zealand', flag: '🇳🇿' },
  { code: '65', country: 'Singapore', flag: '🇸🇬' },
  { code: '91', country: 'India', flag: '🇮🇳' },
  { code: '86', country: 'China', flag: '🇨🇳' },
  { code: '81', country: 'Japan', flag: '🇯🇵' },
  { code: '82', country: 'South Korea', flag: '🇰🇷' },
  { code: '33', country: 'France', flag: '🇫🇷' },
  { code: '34', country: 'Spain', flag: '🇪🇸' },
  { code: '39', country: 'Italy', flag: '🇮🇹' },
  { code: '52', country: 'Mexico', flag: '🇲🇽' },
  { code: '55', country: 'Brazil', flag: '🇧🇷' },
  { code: '27', country: 'South Africa', flag: '🇿🇦' },
  { code: '31', country: 'Netherlands', flag: '🇳🇱' },
  { code: '47', country: 'Norway', flag: '🇳🇴' },
  { code: '46', country: 'Sweden', flag: '🇸🇪' },
  { code: '45', country: 'Denmark', flag: '🇩🇰' },
  { code: '358', country: 'Finland', flag: '🇫🇮' },
  { code: '48', country: 'Poland', flag: '🇵🇱' },
  { code: '351', country: 'Portugal', flag: '🇵🇹' },
  { code: '41', country: 'Switzerland', flag: '🇨🇭' },
  { code: '353', country: 'Ireland', flag: '🇮🇪' },
  { code: '380', country: 'Ukraine', flag: '🇺🇦' },
  { code: '7', country: 'Russia', flag: '🇷🇺' },
  { code: '420', country: 'Czech Republic', flag: '🇨🇿' },
  { code: '36', country: 'Hungary', flag: '🇭🇺' },
  { code: '30', country: 'Greece', flag: '🇬🇷' },
  { code: '972', country: 'Israel', flag: '🇮🇱' },
];

export const UNKNOWN_COUNTRY = { country: 'Unknown', flag: '🌐' } as const;

const byCode = new Map(CALLING_CODE_COUNTRIES.map((entry) => [entry.code, entry]));
const LONGEST_CODE = Math.max(...CALLING_CODE_COUNTRIES.map((entry) => entry.code.length));

/**
 * The country whose calling code starts the digits, trying the longest code first, so 358 (Finland)
 * wins over any shorter code and 7 (Russia) is tried last. Codes are prefix-free in the real numbering
 * plan, so longest-first also keeps e.g. 35x and 42x numbers from matching a wrong shorter code.
 */
export function countryForDigits(digits: string): CallingCodeCountry | null {
  for (let length = Math.min(LONGEST_CODE, digits.length); length >= 1; length -= 1) {
    const match = byCode.get(digits.slice(0, length));
    if (match) return match;
  }
  return null;
}
