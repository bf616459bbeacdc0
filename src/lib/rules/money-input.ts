import { centsFromDollars } from '../format/money';
import { MONEY_MAX_DECIMALS, MONEY_MAX_INTEGER_DIGITS, WHOLE_MONEY_MAX_INTEGER_DIGITS } from '../constants';

export interface MoneyInputOptions {
  /** Whole-number variant: 6 integer digits, no decimals. Default: 9 integer digits and 2 decimals. */
  whole?: boolean;
}

export interface MoneyInputResult {
  /** The sanitised text to put back in the input. */
  text: string;
  /** The amount in cents, or null when the input is empty. */
  cents: number | null;
  /** True for a positive amount (core §5: positive numbers only). */
  valid: boolean;
}

/** Limits of one variant: integer digits and decimals. */
export function moneyInputLimits({ whole = false }: MoneyInputOptions = {}): { integerDigits: number; decimals: number } {
  return whole ? { integerDigits: WHOLE_MONEY_MAX_INTEGER_DIGITS, decimals: 0 } : { integerDigits: MONEY_MAX_INTEGER_DIGITS, decimals: MONEY_MAX_DECIMALS };
}

/**
 * Sanitises typed or pasted money text (core §5): digits and one point only (no sign, so
 * never negative), at most 9 integer digits and 2 decimals, or 6 and none for `whole`;
 * leading zeros dropped. Extra digits are cut, so typing past the limit changes nothing.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions = {}): MoneyInputResult {
  const { integerDigits, decimals } = moneyInputLimits(options);
  const cleaned = (text ?? '').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let intPart = dot === -1 ? cleaned : cleaned.slice(0, dot);
  let fracPart = dot === -1 ? '' : cleaned.slice(dot + 1).replace(/\./g, '');
  const hasDot = dot !== -1 && decimals > 0;

  intPart = intPart.replace(/^0+(?=\d)/, '').slice(0, integerDigits);
  if (hasDot && intPart === '') intPart = '0';
  fracPart = fracPart.slice(0, decimals);

  const out = hasDot ? `${intPart}.${fracPart}` : intPart;
  const cents = intPart === '' ? null : centsFromDollars(`${intPart}.${fracPart || '0'}`);
  return { text: out, cents, valid: cents !== null && cents > 0 };
}

/** The input text for an amount in cents: 12345 → "123.45", 12300 → "123"; whole rounds to dollars. */
export function moneyInputText(cents: number | null | undefined, options: MoneyInputOptions = {}): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const abs = Math.abs(Math.round(cents));
  if (options.whole) return String(Math.round(abs / 100));
  const rest = abs % 100;
  return rest === 0 ? String(Math.floor(abs / 100)) : `${Math.floor(abs / 100)}.${String(rest).padStart(2, '0')}`;
}

/** True when text is a complete, positive amount within the variant's limits. */
export function isValidMoneyInput(text: string, options: MoneyInputOptions = {}): boolean {
  const { integerDigits, decimals } = moneyInputLimits(options);
  const re = decimals > 0 ? new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${decimals}})?$`) : new RegExp(`^\\d{1,${integerDigits}}$`);
  return re.test(text) && Number(text) > 0;
}
