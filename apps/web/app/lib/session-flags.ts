/**
 * One-shot flags a page sets just before navigating, so the next page knows to scroll to
 * its form on arrival (spec: the appointments and contact pages scroll to their forms
 * about 100 ms after a button or chooser sends the visitor there). Session storage keeps
 * the flag out of the URL and away from other tabs.
 */
export const SCROLL_TO_APPOINTMENT_FORM_KEY = "scrollToAppointmentForm";
export const SCROLL_TO_CONTACT_FORM_KEY = "scrollToContactForm";

export type ScrollOnArrivalKey =
  | typeof SCROLL_TO_APPOINTMENT_FORM_KEY
  | typeof SCROLL_TO_CONTACT_FORM_KEY;

/** Asks the next page to scroll to its form. Call it in the click handler, before navigating. */
export function requestScrollOnArrival(key: ScrollOnArrivalKey): void {
  try {
    sessionStorage.setItem(key, "true");
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the page still opens.
  }
}

/** Reads and clears the flag, so a later reload or back navigation does not scroll again. */
export function consumeScrollOnArrival(key: ScrollOnArrivalKey): boolean {
  try {
    const isRequested = sessionStorage.getItem(key) === "true";
    sessionStorage.removeItem(key);
    return isRequested;
  } catch {
    return false;
  }
}
