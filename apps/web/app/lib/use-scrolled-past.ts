import { useCallback, useSyncExternalStore } from "react";

function subscribeToScroll(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

/** Whether the window is scrolled more than `offset` pixels; `false` while prerendering. */
export function useScrolledPast(offset: number): boolean {
  const getSnapshot = useCallback(() => window.scrollY > offset, [offset]);
  return useSyncExternalStore(subscribeToScroll, getSnapshot, () => false);
}
