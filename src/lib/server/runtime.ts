export const marker = { startedAt: Date.now() };
export function hello() { return 'runtime'; }
