import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scrollToElementIdWhenReady } from "../../lib/scroll";
import { consumeScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";

export const CONTACT_FORM_ID = "contactForm";

/**
 * About 100 ms after arriving from a button or chooser that set the session flag, scroll
 * smoothly to the form. The flag is cleared on arrival so a reload does not scroll again;
 * the navigation it belonged to is remembered so React's development double-run of
 * effects still scrolls. (`/contact-us#contactForm` needs nothing here: the site-wide
 * anchor scrolling handles every hash.)
 */
export function useScrollToContactForm() {
  const location = useLocation();
  const flaggedNavigation = useRef<string | null>(null);

  useEffect(() => {
    if (consumeScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY))
      flaggedNavigation.current = location.key;
    if (flaggedNavigation.current !== location.key || location.hash === `#${CONTACT_FORM_ID}`) {
      return;
    }
    return scrollToElementIdWhenReady(CONTACT_FORM_ID, { delayMs: 100 });
  }, [location]);
}
