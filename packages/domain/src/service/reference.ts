/**
 * A request's reference (contract: `SR-YYYY-NNNNNN`): the year it arrived in Central time
 * and its number within that year, from 1, six digits at least.
 */
export const SERVICE_REFERENCE_PATTERN = /^SR-\d{4}-\d{6,}$/;

export function formatServiceReference(year: number, number: number): string {
  return `SR-${year}-${String(number).padStart(6, "0")}`;
}
