import { useEffect } from "react";
import { scrollToElementIdWhenReady } from "../../lib/scroll";
import { consumeScrollOnArrival, SCROLL_TO_APPOINTMENT_FORM_KEY } from "../../lib/session-flags";

/** The booking form's element id; links use `/appointments#appointment_form`. */
export const APPOINTMENT_FORM_ID = "appointment_form";
/** Spec: "The page scrolls to the form 300 ms after load." */
export const APPOINTMENT_FORM_SCROLL_DELAY_MS = 300;

/**
 * For the appointments route: 300 ms after the page opens, scroll to the booking form
 * (80 px below the header, smooth unless reduced motion). The spec lets other pages ask
 * for this scroll through a session flag; since the page always scrolls, the flag is only
 * cleared here so it cannot linger into a later visit.
 */
export function useScrollToAppointmentForm(): void {
  useEffect(() => {
    consumeScrollOnArrival(SCROLL_TO_APPOINTMENT_FORM_KEY);
    return scrollToElementIdWhenReady(APPOINTMENT_FORM_ID, {
      delayMs: APPOINTMENT_FORM_SCROLL_DELAY_MS,
    });
  }, []);
}
