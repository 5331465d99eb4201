import AxeBuilder from "@axe-core/playwright";
import { skipCookieBanner, VIEWPORTS } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * WCAG 2.2 AA, automated part: an axe scan of every page of the route table at a phone
 * and a desktop width, after scrolling through the page so every reveal-on-scroll section
 * is shown. Any violation fails. The cookie banner is dismissed for the page scans and
 * scanned on its own on the home page.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const ROUTES = [
  "/",
  "/our-products",
  "/get-quote-today",
  "/auto-quote-form",
  "/about-us",
  "/contact-us",
  "/client-center",
  "/location/our-locations",
  "/office-open-hours",
  "/appointments",
  "/privacy",
  "/terms",
  "/accessibility",
  "/api/auth/login",
  "/no-such-page",
];

/**
 * Scrolls to the bottom a screen at a time (revealing each section), back to the top, and
 * waits for every reveal transition to finish.
 */
async function revealWholePage(page: Page) {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Intersection observers report at a rendering update: two frames after a scroll step
    // the step has been seen, however slow the machine (a fixed pause alone let a busy CI
    // skip a section from below the screen to above it unseen).
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frames();
      await pause(60);
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await pause(100);
  });
  await expect(page.locator('[data-revealed="false"]')).toHaveCount(0);
  await page.evaluate(async () => {
    // Transitions only: a looping animation (a pulsing badge) never finishes.
    const transitions = document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished));
    window.scrollTo({ top: 0, behavior: "instant" });
  });
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1] ?? ""}`,
        )
        .join("\n"),
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of ROUTES) {
      test(`${route} has no WCAG 2.2 AA violations (${viewport.name})`, async ({ page }) => {
        await skipCookieBanner(page);
        await page.goto(route);
        await expect(page.locator("h1")).toHaveCount(1);
        await revealWholePage(page);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(describeViolations(results.violations)).toEqual([]);
      });
    }

    test(`the cookie banner has no WCAG 2.2 AA violations (${viewport.name})`, async ({ page }) => {
      await page.goto("/");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveCSS("opacity", "1");
      const shown = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(describeViolations(shown.violations)).toEqual([]);

      await banner.getByRole("button", { name: "Necessary only" }).click();
      await expect(banner).toBeHidden();
      const dismissed = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(describeViolations(dismissed.violations)).toEqual([]);
    });
  });
}
