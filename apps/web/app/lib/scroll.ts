/** Sticky header height: anchors land this far below the top of the viewport (spec: 80 px). */
export const ANCHOR_OFFSET_PX = 80;
/** How long a hash target may take to appear before we give up (spec: 10 seconds). */
export const ANCHOR_WAIT_MS = 10_000;

export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls so the element sits just below the sticky header; smooth unless the visitor asked
 * for reduced motion. Returns whether the element was found.
 */
export function scrollToElementId(id: string, offset = ANCHOR_OFFSET_PX): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  return true;
}

/**
 * Scrolls to an element that may not be rendered yet (a lazily shown section), polling
 * each frame until it appears or `timeoutMs` passes. The returned function cancels.
 */
export function scrollToElementIdWhenReady(
  id: string,
  { delayMs = 0, timeoutMs = ANCHOR_WAIT_MS }: { delayMs?: number; timeoutMs?: number } = {},
): () => void {
  let frame = 0;
  const deadline = performance.now() + delayMs + timeoutMs;
  const attempt = () => {
    if (scrollToElementId(id) || performance.now() > deadline) return;
    frame = requestAnimationFrame(attempt);
  };
  const timer = window.setTimeout(attempt, delayMs);
  return () => {
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}
