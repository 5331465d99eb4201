import { type FirstTouch, firstTouchOf } from "@agency/domain";
import { useEffect } from "react";

/**
 * The visitor's first touch for this browser session (issue 28 §3, decision 0074): where
 * the first page of the session came from (its utm_* parameters, else the referring
 * site, else "direct"), kept in session storage so a later page's form still sends it
 * (first touch wins). Nothing else about the visitor is kept.
 */
export const FIRST_TOUCH_KEY = "agency.firstTouch";

function isFirstTouch(value: unknown): value is FirstTouch {
  if (typeof value !== "object" || value === null) return false;
  const touch = value as Record<string, unknown>;
  return (
    typeof touch.source === "string" &&
    typeof touch.medium === "string" &&
    typeof touch.campaign === "string"
  );
}

/** Answers the session's first touch, noting this page's as the first when none is kept. */
export function rememberFirstTouch(): FirstTouch {
  const here = firstTouchOf(window.location.href, document.referrer, window.location.host);
  try {
    const kept = sessionStorage.getItem(FIRST_TOUCH_KEY);
    if (kept !== null) {
      const parsed: unknown = JSON.parse(kept);
      if (isFirstTouch(parsed)) return parsed;
    }
    sessionStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(here));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): this page's own touch.
  }
  return here;
}

/** Notes the first touch as the app starts, before a link within the site changes the address. */
export function useRememberFirstTouch(): void {
  useEffect(() => {
    rememberFirstTouch();
  }, []);
}
