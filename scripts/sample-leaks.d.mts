// Types of sample-leaks.mjs for the server's test with the second profile.
/** `allowedIn`: where the text is no leak (cut out before looking), e.g. a list of all states. */
export type Marker = { what: string; text: string; allowedIn?: RegExp };
export type Leak = { file: string; what: string; text: string };

export const REPO_ROOT: string;
export const SAMPLE_PROFILE_DIR: string;
export const OTHER_PROFILE_DIR: string;
export const PUBLIC_DIR: string;
export function phoneForms(phone: string): string[];
export function sampleMarkers(profileDir?: string, otherProfileDir?: string): Marker[];
export function sampleImageHashes(profileDir?: string, publicDir?: string): Map<string, string>;
export function normalizeText(raw: string): string;
export function markersIn(raw: string, markers: readonly Marker[]): Marker[];
export function findLeaks(
  dir: string,
  markers: readonly Marker[],
  imageHashes: Map<string, string>,
): Leak[];
export function summarizeLeaks(leaks: readonly Leak[], shown?: number): string[];
