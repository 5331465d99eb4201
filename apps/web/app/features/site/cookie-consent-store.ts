import { type CookieConsent, isCookieConsent } from "@agency/domain";
import { useSyncExternalStore } from "react";

/** Where the visitor's choice is kept ("all" or "necessary"); it survives reloads. */
export const COOKIE_CONSENT_STORAGE_KEY = "cookieConsent";

/** Marks an element that places itself above the open cookie banner (`--cookie-banner-height`). */
export const COOKIE_BANNER_OFFSET_ATTRIBUTE = "data-cookie-banner-offset";

/** The stored choice, or null when the visitor has not chosen (or storage is blocked). */
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY);
    return isCookieConsent(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(value: CookieConsent): void {
  try {
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, value);
  } catch {
    // Storage blocked: the choice holds for this page view only.
  }
}

// "Cookie settings" (footer) → banner: a counter the banner watches, so every press reopens it.
let settingsRequests = 0;
const listeners = new Set<() => void>();

/** Reopens the consent banner so the visitor can change their choice. */
export function openCookieSettings(): void {
  settingsRequests += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many times "Cookie settings" has been pressed in this page view. */
export function useCookieSettingsRequests(): number {
  return useSyncExternalStore(
    subscribe,
    () => settingsRequests,
    () => 0,
  );
}
