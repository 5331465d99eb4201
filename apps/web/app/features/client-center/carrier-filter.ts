/** The words of a text: lower case, split at anything but letters and digits. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether a carrier's name matches what a visitor typed in the directory's filter. Case,
 * punctuation and spacing are ignored, and the words typed may come in any order: "river
 * great" and "GreatRiver" both find "Great River Commercial". An empty filter (or one of
 * only punctuation) matches every carrier.
 */
export function matchesCarrierName(name: string, query: string): boolean {
  const typed = wordsOf(query);
  if (typed.length === 0) return true;
  const compactName = wordsOf(name).join("");
  return compactName.includes(typed.join("")) || typed.every((word) => compactName.includes(word));
}

/** The carriers whose name matches the filter, in the profile's order. */
export function filterCarriers<T extends { name: string }>(
  carriers: readonly T[],
  query: string,
): T[] {
  return carriers.filter((carrier) => matchesCarrierName(carrier.name, query));
}
