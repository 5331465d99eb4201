import { useEffect, useRef, useState } from "react";
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
 *
 * It never covers a form or a control (issue 26 §4: at 375 px it sat on the email field
 * and the select arrows): while one is under it, it steps aside (decision 0056).
 */
export function ScrollToTopButton() {
  const isScrolledPast = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  const isOverControl = useIsOverControl();
  const isVisible = isScrolledPast && !isOverControl.value;

  function handleClick() {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }

  return (
    <button
      ref={isOverControl.ref}
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

/** What the button must never cover: a form (its fields, labels and gaps) or any control. */
const COVERABLE = "form, input, select, textarea, button, [role='radio'], [role='tab']";
/** Room kept around the button, so it does not sit flush against a field either. */
const CLEARANCE_PX = 4;

/**
 * Whether a form or a control lies under the button, checked again whenever the page
 * scrolls, resizes or changes focus (once per frame). The button's own box is measured
 * where it sits even while hidden (it is only transparent then).
 */
function useIsOverControl() {
  const ref = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const button = ref.current;
      if (!button) return;
      const box = button.getBoundingClientRect();
      const covers = Array.from(document.querySelectorAll(COVERABLE)).some((element) => {
        if (element === button || button.contains(element)) return false;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        return (
          rect.left < box.right + CLEARANCE_PX &&
          rect.right > box.left - CLEARANCE_PX &&
          rect.top < box.bottom + CLEARANCE_PX &&
          rect.bottom > box.top - CLEARANCE_PX
        );
      });
      setValue(covers);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    document.addEventListener("focusin", schedule);
    document.addEventListener("toggle", schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("toggle", schedule, true);
    };
  }, []);
  return { ref, value };
}
