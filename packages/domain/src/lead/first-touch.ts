/**
 * Where a visitor first came from (issue 28 §3, decision 0074): the first touch of the
 * browser session, sent with each public form. Pure and free of zod: the public pages
 * compute it at the visitor's first page, long before the form rules load (decision 0043).
 */
import { cleanText } from "../sanitize.ts";

/** utm_source / utm_medium / utm_campaign, or the referring site's host, or "direct". */
export type FirstTouch = { source: string; medium: string; campaign: string };

/** The source of a visit with no campaign and no other site before it (or unknown). */
export const DIRECT_SOURCE = "direct";

/** The longest value kept of each part; the browser cuts longer ones, the server refuses them. */
export const FIRST_TOUCH_LIMITS = { source: 100, medium: 100, campaign: 100 } as const;

export const FIRST_TOUCH_MESSAGES = {
  invalid: "leadSource must be an object of source, medium and campaign",
  sourceTooLong: `leadSource.source must be at most ${FIRST_TOUCH_LIMITS.source} characters`,
  mediumTooLong: `leadSource.medium must be at most ${FIRST_TOUCH_LIMITS.medium} characters`,
  campaignTooLong: `leadSource.campaign must be at most ${FIRST_TOUCH_LIMITS.campaign} characters`,
  notText: "leadSource's parts must be text",
} as const;

const cut = (value: string | null | undefined, max: number) => cleanText(value ?? "").slice(0, max);

/**
 * The first touch of a page view: the landing URL's utm_* parameters when it has a
 * utm_source; else the referring page's host when it is another site ("www." dropped);
 * else "direct". Sources and media are kept in lower case (one "Newsletter" and one
 * "newsletter" are the same source); a campaign keeps its case.
 */
export function firstTouchOf(landingUrl: string, referrer: string, ownHost: string): FirstTouch {
  const query = queryOf(landingUrl);
  const utmSource = cut(query.get("utm_source"), FIRST_TOUCH_LIMITS.source);
  if (utmSource !== "") {
    return {
      source: utmSource.toLowerCase(),
      medium: cut(query.get("utm_medium"), FIRST_TOUCH_LIMITS.medium).toLowerCase(),
      campaign: cut(query.get("utm_campaign"), FIRST_TOUCH_LIMITS.campaign),
    };
  }
  const host = hostOf(referrer);
  const own = ownHost.toLowerCase().replace(/^www\./, "");
  if (host !== "" && host !== own) {
    return { source: cut(host, FIRST_TOUCH_LIMITS.source), medium: "referral", campaign: "" };
  }
  return { source: DIRECT_SOURCE, medium: "", campaign: "" };
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
};

/** The first value of each query parameter (the domain runs where URL may not be typed). */
function queryOf(url: string): Map<string, string> {
  const params = new Map<string, string>();
  const query = /^[^?#]*\?([^#]*)/.exec(url)?.[1] ?? "";
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    if (!params.has(name)) params.set(name, decode(at < 0 ? "" : pair.slice(at + 1)));
  }
  return params;
}

/** The host of an http(s) address, lower case, without "www." and port; "" otherwise. */
function hostOf(referrer: string): string {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i.exec(referrer.trim());
  return (match?.[1] ?? "").toLowerCase().replace(/^www\./, "");
}

/** How a lead's first touch reads: "newsletter / email / fall-2026", "google.com", "direct". */
export function firstTouchLabel(touch: FirstTouch): string {
  return [touch.source || DIRECT_SOURCE, touch.medium, touch.campaign]
    .filter((part) => part !== "")
    .join(" / ");
}
