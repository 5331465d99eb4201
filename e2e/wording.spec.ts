import { skipCookieBanner } from "./support/forms.ts";
import { expect, test } from "./support/test.ts";

/**
 * US English wherever a visitor reads (issue 26 §3): "coverage", not "cover" as a noun;
 * "center", not "centre"; "canceled", not "cancelled". The spec's own verbatim texts are not touched (none of them
 * breaks this).
 */
const PAGES = [
  "/",
  "/about-us",
  "/our-products",
  "/contact-us",
  "/appointments",
  "/office-open-hours",
  "/location/our-locations",
  "/get-quote-today",
  "/privacy",
  "/terms",
  "/accessibility",
];

/** British spellings, and "cover" where it is a noun (after a determiner or a kind of policy). */
const NOT_US_ENGLISH =
  /\b(cancell(ed|ing)|centre|centred|colour|favourite|licence|neighbour\w*|organis\w*)\b|\b(the|your|of|and|auto|dwelling|condo|renters|business|motorist|effects|right|same|which|that)\s+cover\b|\bcover\s+(for|made|at)\b/gi;

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(async ({ page }) => skipCookieBanner(page));

test("the public pages read in US English", async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    const text = await page.locator("body").innerText();
    expect(text.match(NOT_US_ENGLISH) ?? [], path).toEqual([]);
  }
});
