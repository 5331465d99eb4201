/**
 * Rules that depend on "today" take a clock instead of reading the time themselves, so
 * tests can pin the instant. A function is read at each validation; a Date is fixed.
 */
export type Clock = Date | (() => Date);

export const systemClock: Clock = () => new Date();

export function readClock(clock: Clock): Date {
  return typeof clock === "function" ? clock() : clock;
}
