import { useId } from 'react';
import { LOGO_GRADIENT, LOGO_LETTER_PATH } from './logo-mark';

/** The product mark; decorative (the product name is always written beside it). */
export function Logo({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={LOGO_GRADIENT[0]} />
          <stop offset="1" stopColor={LOGO_GRADIENT[1]} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <path d={LOGO_LETTER_PATH} fill="#fff" fillRule="evenodd" />
    </svg>
  );
}
