import { describe, expect, it } from 'vitest';
import { isIos } from './ios';

const device = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });

describe('isIos', () => {
  it('recognises iPhone and iPad, including iPadOS posing as a Mac', () => {
    expect(isIos(device('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15', 5))).toBe(true);
    expect(isIos(device('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 5))).toBe(true);
    expect(isIos(device('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 5))).toBe(true);
  });

  it('leaves out Macs without touch, Android and desktops', () => {
    expect(isIos(device('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15'))).toBe(false);
    expect(isIos(device('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36', 5))).toBe(false);
    expect(isIos(device('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36'))).toBe(false);
  });
});
