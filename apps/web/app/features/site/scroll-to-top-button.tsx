import { ArrowUpIcon } from "../../components/icons/arrow-up";
import { cn } from "../../lib/cn";
import { prefersReducedMotion } from "../../lib/scroll";
import { useScrolledPast } from "../../lib/use-scrolled-past";
import { COOKIE_BANNER_OFFSET_ATTRIBUTE } from "./cookie-consent-store";
import { MAIN_CONTENT_ID } from "./route-announcer";

/** Spec: the scroll-to-top button appears after the page is scrolled more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

/**
 * A floating "Scroll to top" button. Hidden (and out of the tab order) until the page is
 * scrolled past 300 px. It scrolls to the top (smoothly unless the visitor asked for
 * reduced motion) and moves focus to the start of the main content, the skip link's
 * target, so the next Tab continues from the top of the page rather than the bottom.
 * While the cookie banner is open it sits above it (`--cookie-banner-height`).
 */
export function ScrollToTopButton() {
  const isVisible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);

  function handleClick() {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      {...{ [COOKIE_BANNER_OFFSET_ATTRIBUTE]: "" }}
      onClick={handleClick}
      className={cn(
        "fixed right-4 bottom-[calc(var(--cookie-banner-height,0px)+1rem)] z-30 flex size-12 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-800 sm:right-6 sm:bottom-[calc(var(--cookie-banner-height,0px)+1.5rem)]",
        "transition-[opacity,visibility] duration-300 motion-reduce:transition-none",
        isVisible ? "visible opacity-100" : "invisible opacity-0",
      )}
    >
      <ArrowUpIcon className="size-6" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
