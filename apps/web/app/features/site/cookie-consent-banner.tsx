import type { CookieConsent } from "@agency/domain";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import {
  COOKIE_BANNER_OFFSET_ATTRIBUTE,
  readCookieConsent,
  storeCookieConsent,
  useCookieSettingsRequests,
} from "./cookie-consent-store";

/** Spec: the banner fades in after 100 ms and out over 300 ms. */
export const COOKIE_BANNER_SHOW_DELAY_MS = 100;
export const COOKIE_BANNER_FADE_OUT_MS = 300;

type Phase = "hidden" | "shown" | "leaving";

const buttonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap";

/** The elements that read the banner's height: the page's root and body, and those marked. */
const OFFSET_READERS = `html, body, [${COOKIE_BANNER_OFFSET_ATTRIBUTE}]`;

/**
 * Reserves room under the page for the fixed banner while it is open, so it never hides
 * the last links or a focused control (WCAG 2.4.11): app.css reads the banner's height
 * from `--cookie-banner-height` for the body's bottom padding and `scroll-padding-bottom`.
 * The property is set through the CSSOM, which the CSP's `style-src 'self'` allows. It
 * does not inherit (app.css registers it so), and is set on each element that reads it:
 * set on the root and inherited, it made the browser restyle every element of the page
 * (30–50 ms of main thread on the home page, right after it came alive).
 */
function useReservedSpace(region: HTMLElement | null): void {
  useEffect(() => {
    if (!region) return;
    const root = document.documentElement;
    const readers = () => document.querySelectorAll<HTMLElement>(OFFSET_READERS);
    // The observer reports the height once laid out (and on every change), so reading it
    // never forces a layout of its own.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? region.offsetHeight;
      for (const element of readers()) {
        element.style.setProperty("--cookie-banner-height", `${height}px`);
      }
    });
    observer.observe(region, { box: "border-box" });
    root.dataset.cookieBanner = "open";
    return () => {
      observer.disconnect();
      delete root.dataset.cookieBanner;
      for (const element of readers()) element.style.removeProperty("--cookie-banner-height");
    };
  }, [region]);
}

/**
 * The cookie consent banner: a non-modal region fixed to the bottom of the viewport. It
 * appears 100 ms after load while no choice is stored, and again whenever "Cookie
 * settings" in the footer is pressed (then it takes focus, and gives it back after the
 * choice). It never traps focus and is never rendered into the prerendered HTML, so a
 * returning visitor never sees it flash. It stacks below the sticky header (z-40), so the
 * open mobile menu and dialogs cover it rather than the other way round.
 */
export function CookieConsentBanner() {
  const [phase, setPhase] = useState<Phase>("hidden");
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const settingsRequests = useCookieSettingsRequests();
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useReservedSpace(region);

  useEffect(() => {
    if (readCookieConsent() !== null) return;
    const timer = window.setTimeout(() => setPhase("shown"), COOKIE_BANNER_SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (settingsRequests === 0) return;
    returnFocusTo.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPhase("shown");
  }, [settingsRequests]);

  // Reopened from the footer: move focus into the banner once it is rendered.
  useEffect(() => {
    if (phase === "shown" && region && returnFocusTo.current) region.focus();
  }, [phase, region]);

  useEffect(() => {
    if (phase !== "leaving") return;
    const timer = window.setTimeout(() => setPhase("hidden"), COOKIE_BANNER_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  function choose(value: CookieConsent) {
    if (phase !== "shown") return;
    storeCookieConsent(value);
    setPhase("leaving");
    const opener = returnFocusTo.current;
    returnFocusTo.current = null;
    if (opener?.isConnected && region?.contains(document.activeElement)) opener.focus();
  }

  if (phase === "hidden") return null;

  return (
    <section
      ref={setRegion}
      aria-label="Cookie consent"
      tabIndex={-1}
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white text-slate-800 shadow-[0_-8px_24px_var(--color-navy-900)] shadow-navy-900/12 focus-visible:-outline-offset-4",
        "transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none",
        phase === "leaving" && "pointer-events-none opacity-0",
      )}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 sm:py-4 md:flex-row md:items-center md:gap-8 lg:px-8">
        <p className="text-sm leading-snug text-slate-700">
          <strong className="font-semibold text-navy-900">Cookies:</strong> we use only what the
          site needs to work, such as remembering this choice. There are no analytics or advertising
          cookies, so both options currently do the same. Our office map comes from Google, which
          may set its own cookies, and loads only when you choose “Show map”.{" "}
          <Link
            to="/privacy"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Privacy Policy
          </Link>
        </p>
        <div className="flex shrink-0 gap-3">
          <button
            type="button"
            className={cn(
              buttonClass,
              "flex-1 bg-white text-navy-900 ring-1 ring-slate-400 ring-inset hover:bg-slate-50",
            )}
            onClick={() => choose("necessary")}
          >
            Necessary only
          </button>
          <button
            type="button"
            className={cn(buttonClass, "flex-1 bg-brand-700 text-white hover:bg-brand-800")}
            onClick={() => choose("all")}
          >
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}
