import type { ReactNode } from 'react';
import { CARD_BRAND_NAMES, CARD_BRANDS, type CardBrand } from '../lib/constants';
import '../styles/kit.css';

export type { CardBrand };
export { CARD_BRAND_NAMES };

/** True when the text names one of the seven brands with a logo. */
export function isCardBrand(brand: string | null | undefined): brand is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes((brand ?? '').toLowerCase());
}

const TEXT = { fontFamily: 'system-ui, Arial, sans-serif', fontWeight: 800, textAnchor: 'middle' } as const;

const ART: Record<CardBrand, ReactNode> = {
  visa: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <text x="24" y="21" fontSize="13" fontStyle="italic" fill="#1a1f71" {...TEXT}>
        VISA
      </text>
    </>
  ),
  mastercard: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </>
  ),
  amex: (
    <>
      <rect width="48" height="32" rx="4" fill="#016fd0" />
      <text x="24" y="20" fontSize="10" fill="#fff" {...TEXT}>
        AMEX
      </text>
    </>
  ),
  discover: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <text x="21" y="19" fontSize="6.5" fill="#231f20" {...TEXT}>
        DISC
      </text>
      <circle cx="31" cy="16.8" r="3.2" fill="#f58220" />
      <text x="39.5" y="19" fontSize="6.5" fill="#231f20" {...TEXT}>
        VER
      </text>
      <path d="M20 32h24a4 4 0 0 0 4-4V20C40 27 30 31 20 32z" fill="#f58220" />
    </>
  ),
  diners: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <circle cx="24" cy="16" r="10" fill="#0079be" />
      <circle cx="24" cy="16" r="7" fill="#fff" />
      <path d="M22 10.5v11a5.8 5.8 0 0 1 0-11zM26 10.5a5.8 5.8 0 0 1 0 11z" fill="#0079be" />
    </>
  ),
  jcb: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <rect x="9" y="6" width="10" height="20" rx="3" fill="#0e4c96" />
      <rect x="19" y="6" width="10" height="20" rx="3" fill="#e21836" />
      <rect x="29" y="6" width="10" height="20" rx="3" fill="#007b40" />
      <text x="14" y="19.5" fontSize="8" fill="#fff" {...TEXT}>
        J
      </text>
      <text x="24" y="19.5" fontSize="8" fill="#fff" {...TEXT}>
        C
      </text>
      <text x="34" y="19.5" fontSize="8" fill="#fff" {...TEXT}>
        B
      </text>
    </>
  ),
  unionpay: (
    <>
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <path d="M9 5h11l-4 22H5z" fill="#e21836" />
      <path d="M20 5h11l-4 22H16z" fill="#00447c" />
      <path d="M31 5h11l-4 22H27z" fill="#007b84" />
      <text x="24" y="20" fontSize="6.5" fill="#fff" {...TEXT}>
        UnionPay
      </text>
    </>
  ),
};

export interface CardBrandLogoProps {
  /** visa, mastercard, amex, discover, diners, jcb or unionpay (any case); others show a generic card. */
  brand: string;
  /** Width in px (height is 2/3 of it); default 40. */
  width?: number;
  className?: string;
}

/** Inline SVG logo of a card brand, labelled with the brand's name. */
export function CardBrandLogo({ brand, width = 40, className }: CardBrandLogoProps) {
  const key = brand.toLowerCase();
  const known = isCardBrand(key);
  return (
    <svg
      className={className ? `cp-card-brand ${className}` : 'cp-card-brand'}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 48 32"
      width={width}
      height={Math.round((width * 2) / 3)}
      role="img"
      aria-label={known ? CARD_BRAND_NAMES[key] : 'Card'}
      focusable="false"
    >
      {known ? (
        ART[key]
      ) : (
        <>
          <rect width="48" height="32" rx="4" fill="#f3f4f6" stroke="#d1d5db" />
          <rect y="8" width="48" height="5" fill="#9ca3af" />
          <rect x="6" y="19" width="16" height="4" rx="1" fill="#d1d5db" />
        </>
      )}
    </svg>
  );
}

export default CardBrandLogo;
