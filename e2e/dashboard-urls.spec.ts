import { signInThroughForm } from "./support/auth.ts";
import {
  type Account,
  bookAppointment,
  createAccount,
  sendMessage,
  signIn,
  submitQuote,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, skipCookieBanner, watchCspViolations } from "./support/forms.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

/**
 * Every dashboard view and every lead has an address (issue 14, section 1; decision 0029):
 * the sidebar, Back and Forward, a reload, the list's state in the query string, paging
 * that brings the list's top into view, a lead's page opened from a pasted link after
 * signing in, and "not found" for an id or a path that names nothing.
 */

// Journeys of many steps; a busy shared machine needs more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

let admin: Account;
test.beforeAll(() => {
  admin = createAccount("admin");
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const SHOTS = "test-results/screenshots";

/** Thirty quotes of one person-tag (more than a page of 25), the newest last. */
async function manyQuotes(request: APIRequestContext, tag: string, count = 30) {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const quote = await submitQuote(request, {
      firstName: `Pat${String.fromCharCode(97 + (n % 26))}`,
      lastName: tag,
      email: `pat.${tag.toLowerCase()}@example.com`,
    });
    ids.push(quote._id);
  }
  return ids;
}

/** The sidebar (1280) or the drawer's copy of it (375): a link to a view. */
async function openByMenu(page: Page, isPhone: boolean, name: string) {
  if (isPhone) {
    await page.getByRole("button", { name: "Dashboard menu" }).click();
    await page.getByRole("dialog", { name: "Dashboard menu" }).getByRole("link", { name }).click();
  } else {
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name }).click();
  }
}

for (const { label, width, height, isPhone } of [
  { label: "1280", width: 1280, height: 900, isPhone: false },
  { label: "375", width: 375, height: 740, isPhone: true },
]) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("views by menu and by Back / Forward; a reload keeps the place", async ({ page }) => {
      const problems = await watchCspViolations(page);
      await signIn(page, admin);
      await page.goto("/dashboard");
      await expect(heading(page)).toHaveText("Dashboard Overview");

      await openByMenu(page, isPhone, "Quotes");
      await expect(page).toHaveURL(/\/dashboard\/quotes$/);
      await expect(heading(page)).toHaveText("Auto Quotes");
      // Focus moves to the new view's heading, not back to the top of the page.
      await expect(heading(page)).toBeFocused();
      await openByMenu(page, isPhone, "Contacts");
      await expect(page).toHaveURL(/\/dashboard\/contacts$/);
      await openByMenu(page, isPhone, "Settings");
      await expect(heading(page)).toHaveText("Settings");

      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\/contacts$/);
      await expect(heading(page)).toHaveText("Contacts");
      await page.goBack();
      await expect(heading(page)).toHaveText("Auto Quotes");
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(heading(page)).toHaveText("Dashboard Overview");
      await page.goForward();
      await expect(heading(page)).toHaveText("Auto Quotes");

      await page.reload();
      await expect(page).toHaveURL(/\/dashboard\/quotes$/);
      await expect(heading(page)).toHaveText("Auto Quotes");
      if (!isPhone) {
        await expect(
          page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Quotes" }),
        ).toHaveAttribute("aria-current", "page");
      }
      // The overview's Issue Policy asks for the person (issue 28 §1): a dialog, closed by
      // Escape with focus back on the button.
      await page.goto("/dashboard");
      const issuePolicy = page.getByRole("button", { name: /Issue Policy/ });
      await issuePolicy.click();
      await expect(page.getByRole("dialog", { name: "Issue a policy: for whom?" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(issuePolicy).toBeFocused();
      expect(problems).toEqual([]);
    });

    test("search, filter and page live in the address; paging brings the list's top into view", async ({
      page,
      request,
    }) => {
      const tag = uniqueTag();
      await manyQuotes(request, tag);
      await signIn(page, admin);
      await page.goto("/dashboard/quotes");
      await page.getByLabel("Search quotes").fill(tag);
      await page.getByLabel("Search quotes").press("Enter");
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
      const items = page.locator("[data-quote-item]");
      await expect(items).toHaveCount(25);
      const pager = page.getByRole("navigation", { name: "Quotes pages" });
      await expect(pager).toContainText("1–25 of 30");

      // Next, by keyboard: the new page's top is in view and has focus.
      await pager.getByRole("button", { name: "Next" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
      await expect(items).toHaveCount(5);
      const top = page.getByRole("region", { name: "Quotes 26 to 30 of 30" });
      await expect(top).toBeFocused();
      await expect(top).toBeInViewport();
      // Below the sticky site header, in the upper part of the screen (once a smooth
      // scroll has settled).
      const topY = async () => (await top.boundingBox())?.y ?? -1;
      await expect.poll(topY).toBeGreaterThanOrEqual(60);
      await expect.poll(topY).toBeLessThan(height / 2);

      // A reload keeps the search and the page; the address can be shared as it is.
      await page.reload();
      await expect(page.getByLabel("Search quotes")).toHaveValue(tag);
      await expect(pager).toContainText("26–30 of 30");

      // A filter is a step of its own: Back undoes it, then the paging.
      await page.getByLabel("Sort by").selectOption("name:asc");
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=name%3Aasc$`));
      await expect(pager).toContainText("1–25 of 30");
      await expect(items.first()).toContainText(`Pata ${tag}`);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
      await expect(pager).toContainText("26–30 of 30");
      await page.goBack();
      await expect(pager).toContainText("1–25 of 30");
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\/quotes$/);
      await expect(page.getByLabel("Search quotes")).toHaveValue("");

      // Nonsense in the address opens the list, not an error.
      await page.goto(`/dashboard/quotes?q=${tag}&page=abc&sort=__proto__&status=nope`);
      await expect(pager).toContainText("1–25 of 30");
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
      await page.goto(`/dashboard/quotes?q=${tag}&page=99`);
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
      await expect(items).toHaveCount(5);
      await expectNoHorizontalScroll(page);
    });

    test("a lead's page: from a list row, its fields, status and timeline, and back to the list", async ({
      page,
      request,
    }) => {
      const problems = await watchCspViolations(page);
      const tag = uniqueTag();
      const email = `maria.${tag.toLowerCase()}@example.com`;
      const quote = await submitQuote(request, { firstName: "María", lastName: tag, email });
      await sendMessage(request, {
        firstName: "María",
        lastName: tag,
        email,
        message: "Line one\nline two: please call after 5.",
      });
      await bookAppointment(request, { name: `María ${tag}`, email, message: "" });
      await signIn(page, admin);
      await page.goto(`/dashboard/quotes?q=${tag}`);
      const item = page.locator("[data-quote-item]");
      await expect(item).toHaveCount(1);
      const open = item.getByRole("link", { name: `Open María ${tag}'s quote` });
      await expect(open).toHaveAttribute("href", `/dashboard/quotes/${quote._id}`);
      await open.click();

      await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${quote._id}$`));
      await expect(heading(page)).toHaveText("Quote Request");
      const lead = page.getByRole("article", { name: `María ${tag}` });
      await expect(lead.getByRole("heading", { name: "Coverage" })).toBeVisible();
      await expect(lead.getByText("2021 Subaru SUV").first()).toBeVisible();
      await expect(lead.getByText("hidden, ending in").first()).toBeAttached();
      const timeline = lead.getByRole("region", { name: "Prospect timeline" });
      await expect(timeline.getByRole("listitem")).toHaveCount(3);
      await expect(timeline.getByText("(this one)")).toBeVisible();

      // The status control works here as in the list.
      await lead.getByLabel(/^Status/).selectOption("contacted");
      await expect(
        page.getByRole("status").filter({ hasText: "Status changed to Contacted." }),
      ).toBeVisible();
      await page.reload();
      await expect(lead.getByLabel(/^Status/)).toHaveValue("contacted");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${SHOTS}/lead-quote-${label}.png`, fullPage: true });

      // Another lead of the same person, from the timeline.
      await timeline.getByRole("link", { name: /^Message/ }).click();
      await expect(heading(page)).toHaveText("Contact Message");
      await expect(
        page.getByRole("region", { name: "Details" }).getByText("please call after 5."),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/lead-contact-${label}.png`, fullPage: true });
      await page.goBack();
      await expect(heading(page)).toHaveText("Quote Request");

      // Back to the list as it was left.
      await page.getByRole("link", { name: "All quotes" }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/quotes\\?q=${tag}$`));
      await expect(item).toHaveCount(1);
      expect(problems).toEqual([]);
    });

    test("a pasted lead link opens that lead after signing in; unknown ids and paths say so", async ({
      page,
      request,
    }) => {
      const tag = uniqueTag();
      const messageId = await sendMessage(request, {
        firstName: "Ola",
        lastName: tag,
        email: `ola.${tag.toLowerCase()}@example.com`,
        message: "Please call me.",
      });
      await skipCookieBanner(page);
      await page.goto(`/dashboard/contacts/${messageId}`);
      await expect(page).toHaveURL(
        `/api/auth/login?next=${encodeURIComponent(`/dashboard/contacts/${messageId}`)}`,
      );
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/contacts/${messageId}$`));
      await expect(page.getByRole("heading", { level: 2, name: `Ola ${tag}` })).toBeVisible();

      // An id that names no lead, an id of another kind, a path that names no view.
      await page.goto("/dashboard/quotes/0b9a5e1c-2f4d-4e8a-9c3b-7d6e5f4a3b2c");
      await expect(page.getByRole("heading", { name: "Quote Request not found" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/lead-not-found-${label}.png`, fullPage: true });
      await page.goto(`/dashboard/appointments/${messageId}`);
      await expect(page.getByRole("heading", { name: "Appointment not found" })).toBeVisible();
      await page.goto("/dashboard/quotes/a%20b%2F..");
      await expect(page.getByRole("heading", { name: "Quote Request not found" })).toBeVisible();
      await page.goto("/dashboard/no-such-view");
      await expect(
        page.getByRole("heading", { name: "This dashboard page does not exist" }),
      ).toBeVisible();
      await expect(heading(page)).toHaveText("Not Found");
      // Outside the dashboard, an unknown path is still the site's 404 page.
      const outside = await page.goto("/no-such-page");
      expect(outside?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    });
  });
}

test("the login page returns only to dashboard addresses on this site", async ({ browser }) => {
  for (const next of [
    "https://evil.example/dashboard",
    "//evil.example",
    "/dashboard/../api/health",
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await skipCookieBanner(page);
    await signInThroughForm(page, admin, { next });
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  }
});
