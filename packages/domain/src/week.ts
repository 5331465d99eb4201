/**
 * The days of the week in the order the profile and the pages list them. A module of its
 * own, without zod: the browser's copy of the profile (derive-agency.ts) orders days by it,
 * and importing it from agency-profile.ts would put the whole profile schema on every page.
 */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
