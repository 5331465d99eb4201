import { loginPath } from "./site-links";

/** The login page's query parameter naming where to go after signing in. */
export const RETURN_TO_PARAM = "next";

const BASE = "https://return-to.invalid";
const MAX_LENGTH = 2000;

/**
 * The dashboard address in a login link's `next`, or null. Only a same-origin path inside
 * /dashboard is accepted (no other site, no other page: the login page must not become an
 * open redirect); dot segments are resolved first, so "/dashboard/../x" is refused.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !value.startsWith("/dashboard")) return null;
  // A backslash or a control character is read differently by browsers and servers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it finds
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname !== "/dashboard" && !url.pathname.startsWith("/dashboard/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that brings the person back to `path` (a dashboard address) afterwards. */
export function loginPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  // The dashboard's front page is where a sign-in lands anyway: no parameter needed.
  if (safe === null || safe === "/dashboard") return loginPath;
  return `${loginPath}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}`;
}
