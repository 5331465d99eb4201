export const NOT_FOUND_MESSAGES = {
  title: "Page Not Found",
  homeLink: "Back to Home",
} as const;

export const COOKIE_CONSENT_VALUES = ["all", "necessary"] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];

export function isCookieConsent(value: unknown): value is CookieConsent {
  return value === "all" || value === "necessary";
}
