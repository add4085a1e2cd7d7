// Types of build-stamp.mjs, which stays plain JavaScript so `npm start` can run it without tsx.
export function distDir(root?: string): string;
export function stampFile(dist: string): string;
export function sourceFingerprint(root?: string): string;
export function buildIsCurrent(root?: string, dist?: string): boolean;
