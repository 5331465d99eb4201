import { useEffect } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion, scrollToElementIdWhenReady } from "../../lib/scroll";

/** Spec: after navigating to a page with a hash, scroll to the element after about 100 ms. */
export const HASH_SCROLL_DELAY_MS = 100;
/** Longest smooth scroll we allow before the smooth-scroll flag is dropped again. */
const SMOOTH_FLAG_MAX_MS = 2000;

function elementIdOfHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * Same-page anchors scroll smoothly. React Router's <ScrollRestoration> moves to a hash
 * target with a plain `scrollIntoView()` (and a native `#id` link jumps the same way);
 * both honour `scroll-padding-top` (80 px, app.css) and the root's `scroll-behavior`. So a
 * click on a same-page hash link only sets `data-anchor-scroll="smooth"` on `<html>` for
 * the length of that scroll (app.css turns it into `scroll-behavior: smooth`); page
 * changes without a hash keep their instant jump to the top.
 */
function markSmoothAnchorScroll(): void {
  const root = document.documentElement;
  root.dataset.anchorScroll = "smooth";
  let timer = 0;
  const clear = () => {
    window.clearTimeout(timer);
    window.removeEventListener("scrollend", clear);
    delete root.dataset.anchorScroll;
  };
  timer = window.setTimeout(clear, SMOOTH_FLAG_MAX_MS);
  window.addEventListener("scrollend", clear, { once: true });
}

function isSamePageHashLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) {
    return false;
  }
  const url = new URL(anchor.href, window.location.href);
  return (
    url.origin === window.location.origin &&
    url.pathname === window.location.pathname &&
    url.search === window.location.search &&
    elementIdOfHash(url.hash) !== null
  );
}

/**
 * The site-wide anchor behaviour (spec: in-page anchors scroll smoothly with an 80 px
 * offset; a hash target may take up to 10 s to appear):
 * - same-page `#hash` links scroll smoothly (see markSmoothAnchorScroll);
 * - after any navigation to a URL with a hash, including the first load, the target is
 *   awaited (up to 10 s, for sections rendered late) and scrolled to with the offset.
 */
export function useAnchorScrolling(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    function handleClick(event: MouseEvent) {
      if (!prefersReducedMotion() && isSamePageHashLink(event)) markSmoothAnchorScroll();
    }
    // Capture on window runs before React Router's link handler starts the navigation.
    window.addEventListener("click", handleClick, { capture: true });
    return () => window.removeEventListener("click", handleClick, { capture: true });
  }, []);

  // `key` changes with every navigation, so following the same hash link again re-scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key marks a new navigation.
  useEffect(() => {
    const id = elementIdOfHash(hash);
    if (id === null) return;
    return scrollToElementIdWhenReady(id, { delayMs: HASH_SCROLL_DELAY_MS });
  }, [hash, key]);
}
