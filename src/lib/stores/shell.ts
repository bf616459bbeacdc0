import { atom } from 'nanostores';

/** Whether the off-canvas navigation drawer is open (mobile, below 1024 px). */
export const $navOpen = atom(false);

/** Opens the navigation drawer. */
export function openNav(): void {
  $navOpen.set(true);
}

/** Closes the navigation drawer. */
export function closeNav(): void {
  $navOpen.set(false);
}

/** Opens or closes the navigation drawer. */
export function toggleNav(): void {
  $navOpen.set(!$navOpen.get());
}
