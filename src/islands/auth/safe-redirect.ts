/** A same-site path to go to after signing in; anything else becomes '/'. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/logout')) return '/';
  return value;
}
