import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** The skip link's target, which also receives focus after a page change. */
export const MAIN_CONTENT_ID = "main";

/**
 * A page may name a better place for focus after a page change (the dashboard's heading,
 * below its header and sidebar) with this attribute; it must be focusable (tabIndex -1).
 */
export const ROUTE_FOCUS_ATTRIBUTE = "data-route-focus";

/**
 * After a client-side page change, moves focus to `<main>` or the page's own
 * `data-route-focus` element (so keyboard and screen
 * reader users start at the new content, not wherever the old page left them) and
 * announces the new page's title in a polite live region. The first load is left to the
 * browser; a change of hash or query on the same page is not a page change.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    // Cleared first, so two pages with the same title are still both announced; the new
    // `<title>` is committed with the page, so it is read once the frame settles.
    setAnnouncement("");
    const frame = requestAnimationFrame(() => {
      const target =
        document.querySelector<HTMLElement>(`[${ROUTE_FOCUS_ATTRIBUTE}]`) ??
        document.getElementById(MAIN_CONTENT_ID);
      target?.focus({ preventScroll: true });
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
