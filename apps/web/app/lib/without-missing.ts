/**
 * A list written with optional entries (`figure && { … }`) without the ones left out: a
 * marketing figure the agency profile does not state is claimed nowhere, and a grid of
 * figures keeps no empty cell.
 */
export function withoutMissing<T>(items: readonly (T | undefined)[]): T[] {
  return items.filter((item): item is T => item !== undefined);
}
