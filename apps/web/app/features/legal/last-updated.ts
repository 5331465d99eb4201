/** When the legal pages were last revised; change it with their text. */
export const LEGAL_LAST_UPDATED = { iso: "2026-11-21", display: "November 21, 2026" } as const;
