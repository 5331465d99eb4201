import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's `test`, whose pages wait after `goto` and `reload` of an HTML page until
 * the page is live (`<html data-hydrated="true">`, set by root.tsx). The prerendered HTML
 * shows before React attaches its handlers; a click or a key press in between reaches
 * nothing, and a test that did that would pass or fail with the machine's load. Tests
 * that look at the page before it is live use `request`, or `waitUntil` with their own
 * checks on a page that does not need to become live.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const untilLive = async (response: Awaited<ReturnType<typeof goto>>) => {
      const type = response?.headers()["content-type"] ?? "";
      if (type.startsWith("text/html")) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
      }
      return response;
    };
    page.goto = async (url, options) => untilLive(await goto(url, options));
    page.reload = async (options) => untilLive(await reload(options));
    await use(page);
  },
});
