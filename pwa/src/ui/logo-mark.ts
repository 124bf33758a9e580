/**
 * The RepHire mark (a white "R" on an indigo tile, centred) on a 64×64 grid, shared by the in-app
 * <Logo> and by pwa/scripts/generate-assets.ts, which renders the icons from it.
 */
export const LOGO_VIEWBOX = 64;
export const LOGO_GRADIENT = ['#6366f1', '#4338ca'] as const;
/** The letter, drawn with the even-odd rule (the bowl's hole is a subpath). */
export const LOGO_LETTER_PATH =
  'M18 14H35A11 11 0 0 1 38 35.6L46 50H36L29 36H27V50H18ZM27 21.5H35A3.5 3.5 0 0 1 35 28.5H27Z';

/** The full mark as SVG markup: rounded square, gradient, letter. `radius` 0 gives a full-bleed square. */
export function logoSvg({ size = 64, radius = 14, letterScale = 1 }: { size?: number; radius?: number; letterScale?: number } = {}) {
  const offset = (LOGO_VIEWBOX * (1 - letterScale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${LOGO_GRADIENT[0]}"/><stop offset="1" stop-color="${LOGO_GRADIENT[1]}"/></linearGradient></defs>
<rect width="64" height="64" rx="${radius}" fill="url(#g)"/>
<g transform="translate(${offset} ${offset}) scale(${letterScale})">
<path d="${LOGO_LETTER_PATH}" fill="#fff" fill-rule="evenodd"/>
</g></svg>`;
}
