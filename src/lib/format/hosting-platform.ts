// Placeholder until the interface kit branch lands its full mapping (merge takes theirs).
export function hostingPlatformName(feedUrl: string, ourHost = 'cuepoint'): string {
  try {
    const label = new URL(feedUrl).hostname.split('.').slice(-2, -1)[0] ?? '';
    return label === ourHost ? 'Cuepoint' : 'Other';
  } catch {
    return 'Other';
  }
}
