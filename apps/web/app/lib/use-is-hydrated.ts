import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while prerendering and during hydration, true from the first client render after
 * it. Parts of a prerendered page that depend on the URL's query or on the browser (the
 * reset link's token, a portal into document.body) wait for it, so hydration matches the
 * prerendered HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
