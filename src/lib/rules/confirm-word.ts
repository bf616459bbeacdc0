/** The label of the confirmation input (core §5). */
export function confirmWordLabel(word: string): string {
  return `Type "${word}" to confirm`;
}

/** Placeholder of the confirmation input (core §5). */
export const CONFIRM_WORD_PLACEHOLDER = 'Enter word';

/** Confirm is enabled when no word is required, or the typed text matches it exactly (case and spaces included). */
export function canConfirm(word: string | null | undefined, typed: string): boolean {
  if (!word) return true;
  return typed === word;
}
