import type { Brand } from '../models/card';

/**
 * Card-brand marks and the lock, drawn here (no image from any other host). Decorative: the brand's
 * name is written beside its mark, and the security line beside the lock.
 */
export function BrandMark({ brand }: { brand: Exclude<Brand, 'unknown'> }) {
  if (brand === 'mastercard')
    return (
      <svg class="mark" viewBox="0 0 32 20" width="32" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="10" r="7" fill="#eb001b" />
        <circle cx="20" cy="10" r="7" fill="#f79e1b" fill-opacity="0.85" />
      </svg>
    );
  const { fill, text } = TEXT_MARKS[brand];
  return (
    <svg class="mark" viewBox="0 0 32 20" width="32" height="20" aria-hidden="true" focusable="false">
      <rect width="32" height="20" rx="3" fill={fill} />
      <text x="16" y="13.5" text-anchor="middle" font-size={text.length > 4 ? 5.5 : 7.5} font-weight="700" fill="#ffffff">
        {text}
      </text>
    </svg>
  );
}

const TEXT_MARKS: Record<Exclude<Brand, 'unknown' | 'mastercard'>, { fill: string; text: string }> = {
  visa: { fill: '#1a1f71', text: 'VISA' },
  amex: { fill: '#016fd0', text: 'AMEX' },
  diners: { fill: '#0079be', text: 'DINERS' },
  discover: { fill: '#e65c00', text: 'DISC' },
  jcb: { fill: '#0b7d3e', text: 'JCB' },
  isracard: { fill: '#00407a', text: 'ISRA' },
};

export function LockMark() {
  return (
    <svg class="lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.6" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    </svg>
  );
}
