import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { refreshCookieOf } from "./support/auth.ts";
import {
  type Account,
  adminToken,
  bookAppointment,
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  submitQuote,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, watchCspViolations } from "./support/forms.ts";
import {
  type APIRequestContext,
  type Download,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "./support/test.ts";

/**
 * The admin dashboard (its views: apps/web/app/lib/dashboard-views.ts; issue 7) against
 * the real server: data comes in through the public API, an admin made with the CLI
 * signs in, and every view is driven as a user would. Tests share one database with the
 * other specs, so each one works on records with its own unique name (found through the
 * search box) and never assumes a total it did not make itself.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Scans every view (lists with an item opened) with axe; returns the violations found. */
async function scanViews(page: Page): Promise<string[]> {
  const found: string[] = [];
  const scan = async (where: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    for (const violation of violations) {
      found.push(`${where}: ${violation.id} ${violation.nodes.map((n) => n.target).join(" | ")}`);
    }
  };
  for (const [view, title] of [
    ["overview", "Dashboard Overview"],
    ["quotes", "Auto Quotes"],
    ["contacts", "Contacts"],
    ["appointments", "Appointments"],
    ["settings", "Settings"],
  ] as const) {
    await openDashboard(page, view);
    await expect(heading(page)).toHaveText(title);
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    if (view === "quotes") await page.locator("[data-quote-item] h3 button").first().click();
    await scan(view);
    if (view === "contacts") {
      await page.getByRole("button", { name: "Table" }).click();
      await scan("contacts table");
      await page.getByRole("button", { name: "Cards" }).click();
    }
  }
  return found;
}

const QUOTE_HEADER = "id,submitted,status,first name,last name,email,phone,city,state,zip";

let admin: Account;
test.beforeAll(() => {
  admin = createAccount("admin");
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

async function listTotal(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`${path}${path.includes("?") ? "&" : "?"}limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { total: number }).total;
}

async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByLabel(label).press("Enter");
}

/** The lines of a downloaded CSV, which starts with a byte-order mark (for Excel). */
async function linesOf(download: Promise<Download>) {
  const file = await (await download).path();
  const text = await readFile(file, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1).split("\r\n");
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("guards the dashboard: signed out → login, signed-in non-admin → home", async ({
    page,
    browser,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/api\/auth\/login$/);

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, createAccount("user"));
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/$/);
    await context.close();
  });

  test("a refresh whose answer never arrived does not sign the person out", async ({ page }) => {
    await signIn(page, admin);
    // The server rotates the refresh cookie, but the answer never reaches the browser (a
    // reload cut it off): the browser still holds the cookie from before.
    const cookie = await refreshCookieOf(page.context());
    expect(cookie).toBeDefined();
    const elsewhere = await playwrightRequest.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    const rotated = await elsewhere.post("/api/users/refresh", {
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(rotated.status()).toBe(200);
    await elsewhere.dispose();
    await openDashboard(page, "overview");
    await expect(heading(page)).toHaveText("Dashboard Overview");
    // The stale cookie was swapped for a good one: a later reload stays signed in too.
    await page.reload();
    await expect(heading(page)).toHaveText("Dashboard Overview");
  });

  test("overview: real counts and trends, chart, quick actions, view restored after reload", async ({
    page,
    request,
  }) => {
    const problems = await watchCspViolations(page);
    const tag = uniqueTag();
    await submitQuote(request, {
      firstName: "Ovid",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
    });
    await sendMessage(request, {
      firstName: "Ovid",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
      message: "Please call me about home insurance.",
    });
    const token = await adminToken(request, admin);
    await signIn(page, admin);
    await page.goto("/dashboard");
    await expect(heading(page)).toHaveText("Dashboard Overview");

    // The sidebar footer: full name and role label.
    const footer = page.getByRole("complementary", { name: "Dashboard sidebar" });
    await expect(footer.getByText(`Dana ${admin.lastName}`)).toBeVisible();
    await expect(footer.getByText("Administrator", { exact: true })).toBeVisible();

    // Counts match the data (other specs add records too: compare at a quiet moment).
    const card = (title: string) =>
      page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
    // Active Quotes: the quotes not yet Won or Lost, as the list's status filters count them.
    const openQuotes = async () => {
      let total = 0;
      for (const status of ["new", "contacted", "quoted"]) {
        total += await listTotal(
          request,
          token,
          `/api/auto-quotes/get-all-auto-quotes?status=${status}`,
        );
      }
      return total;
    };
    await expect(async () => {
      const before = await openQuotes();
      const contactsBefore = await listTotal(request, token, "/api/contacts/list-contacts");
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
      const after = await openQuotes();
      expect(after).toBe(before);
      await expect(card("Active Quotes").locator("p").first()).toHaveText(
        before.toLocaleString("en-US"),
      );
      await expect(card("Total Contacts").locator("p").first()).toHaveText(
        contactsBefore.toLocaleString("en-US"),
      );
    }).toPass({ timeout: 15_000 });
    // A fresh database has nothing in the previous 30 days: "new", never an invented percentage.
    await expect(card("Active Quotes")).toContainText("new");
    await expect(card("Active Policies")).toContainText("0");
    await expect(page.getByText(/94\.2%|2\.3 ?min|4\.8\/5/)).toHaveCount(0);

    // The chart: an image with a title and summary, and the data as a table for screen readers.
    await expect(
      page.getByRole("img", { name: /New quotes, messages and bookings per day/ }),
    ).toBeVisible();
    await expect(
      page.getByRole("table", { name: "New leads per day, last 30 days" }).locator("tbody tr"),
    ).toHaveCount(30);
    await expect(
      page.getByRole("region", { name: "Recent Activity" }).getByRole("listitem").first(),
    ).toBeVisible();

    // Quick actions lead somewhere real.
    await expect(page.getByRole("link", { name: /Create Quote/ })).toHaveAttribute(
      "href",
      "/get-quote-today",
    );
    await expect(page.getByRole("link", { name: /Create Quote/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    // Issue Policy asks for the person (issue 28 §1): a dialog finds them by name, and their
    // page opens with the Issue policy form, its first field focused.
    await page.getByRole("button", { name: /Issue Policy/ }).click();
    const chooser = page.getByRole("dialog", { name: "Issue a policy: for whom?" });
    await expect(chooser.getByRole("searchbox")).toBeFocused();
    await page.keyboard.type(`Ovid ${tag}`);
    await page.keyboard.press("Enter");
    await chooser.getByRole("link", { name: new RegExp(`Ovid ${tag}`) }).click();
    await expect(heading(page)).toHaveText("Person");
    const issueForm = page.getByRole("form", { name: `Issue a policy for Ovid ${tag}` });
    await expect(issueForm).toBeVisible();
    await expect(issueForm.getByLabel("Carrier", { exact: true })).toBeFocused();
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("link", { name: /^Configure/ }).click();
    await expect(heading(page)).toHaveText("Settings");

    // The view's address keeps it across a reload.
    await sidebar(page).getByRole("link", { name: "Contacts" }).click();
    await expect(heading(page)).toHaveText("Contacts");
    await expect(sidebar(page).getByRole("link", { name: "Contacts" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.reload();
    await expect(heading(page)).toHaveText("Contacts");

    // Generate Report downloads the CSV.
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    const report = page.waitForEvent("download");
    await page.getByRole("button", { name: "Generate Report" }).click();
    const lines = await linesOf(report);
    expect(lines[0]).toBe("date,new quotes,new messages,new bookings");
    expect(problems).toEqual([]);
  });

  test("the bell counts unread items: opening the bell keeps them, opening an item reads it", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const reader = createAccount("admin");
    const tag = uniqueTag();
    await submitQuote(request, {
      firstName: "Bell",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
    });
    await signIn(page, reader);
    await openDashboard(page, "overview");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications, [\d,]+ unread items?$/);
    const badge = page.getByTestId("notification-badge");
    await expect(badge).toHaveText(/^\d+\+?$/);
    const unreadBefore = await badge.textContent();

    // Opening the bell lists the unread items and clears nothing.
    await bell.click();
    const panel = page.getByRole("region", { name: "Unread" });
    await expect(panel).toBeVisible();
    const item = panel.getByRole("button", { name: new RegExp(`Bell ${tag}`) });
    await expect(item).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
    // Other tests add leads meanwhile, so counts are not compared: after a reload the item
    // is still unread.
    await page.reload();
    await expect(page.getByTestId("notification-badge")).toHaveText(/^\d+\+?$/);
    expect(unreadBefore).toMatch(/^\d+\+?$/);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(
      page
        .getByRole("region", { name: "Unread" })
        .getByRole("button", { name: new RegExp(`Bell ${tag}`) }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    // Opening an item marks it read for this user: it leaves their unread list for good.
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page
      .getByRole("region", { name: "Unread" })
      .getByRole("button", { name: new RegExp(`Bell ${tag}`) })
      .click();
    // The item's own page (issue 14: every lead has an address).
    await expect(heading(page)).toHaveText("Quote Request");
    await expect(page.getByRole("heading", { level: 2, name: `Bell ${tag}` })).toBeVisible();
    await page.reload();
    await expect(heading(page)).toHaveText("Quote Request");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(
      page
        .getByRole("region", { name: "Unread" })
        .getByRole("button", { name: new RegExp(`Bell ${tag}`) }),
    ).toHaveCount(0);
    await page.keyboard.press("Escape");

    // A reload keeps the lead's page.
    await page.reload();
    await expect(heading(page)).toHaveText("Quote Request");
    const messageId = await sendMessage(request, {
      firstName: "Bell",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
      message: "A new message after the bell was opened.",
    });
    await page.reload();
    await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName(
      /^Notifications, [1-9][\d,]* unread items?$/,
    );
    const withMessage = await page.getByTestId("notification-badge").textContent();

    // Opening the lead's page by its address (not from the bell) reads it too.
    await page.goto(`/dashboard/contacts/${messageId}`);
    await expect(page.getByRole("heading", { level: 2, name: `Bell ${tag}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: `Bell ${tag}` })).toBeVisible();
    // Other tests add leads meanwhile, so the count is not compared: the item is gone from
    // this user's unread list (the bell counts again once the page has marked it read).
    expect(withMessage).toMatch(/^\d+\+?$/);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(
      page
        .getByRole("region", { name: "Unread" })
        .getByRole("button", { name: new RegExp(`Bell ${tag}`) }),
    ).toHaveCount(0);
    await page.keyboard.press("Escape");
  });

  test("a lead that arrives while the list is open is announced within seconds and shown on request", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signIn(page, admin);
    await openDashboard(page, "contacts");
    await expect(page.getByRole("heading", { level: 2, name: /^Contact Messages/ })).toBeVisible();
    const notice = page.getByText("New messages have arrived.");
    await expect(notice).toBeHidden();

    await sendMessage(request, {
      firstName: "Arrival",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
      message: "I just sent this while you were looking at the list.",
    });
    // The dashboard asks every 5 seconds (decision 0069): no reload, no click.
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("link", { name: `Arrival ${tag}` })).toBeHidden();
    await page.getByRole("button", { name: "Show new messages" }).click();
    await expect(page.getByRole("link", { name: `Arrival ${tag}` }).first()).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test("quotes: accordion, masked fields revealed, status with days, archive with undo, export", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const first = await submitQuote(request, {
      firstName: "Ann",
      lastName: tag,
      email: `ann.${tag.toLowerCase()}@example.com`,
    });
    await submitQuote(request, {
      firstName: "Bob",
      lastName: tag,
      email: `bob.${tag.toLowerCase()}@example.com`,
    });
    await signIn(page, admin);
    await openDashboard(page, "quotes");
    await expect(heading(page)).toHaveText("Auto Quotes");
    await search(page, "Search quotes", tag);
    const items = page.locator("[data-quote-item]");
    await expect(items).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 2, name: /Quote Requests/ })).toContainText(
      "2",
    );

    const ann = items.filter({ hasText: `Ann ${tag}` });
    const header = ann.getByRole("button", { name: new RegExp(`^Ann ${tag}`) });
    await expect(header).toContainText("2021 Subaru SUV");
    await expect(header).toContainText(`$${first.quoteAmount.toFixed(2)}`);
    await expect(header).toHaveAttribute("aria-expanded", "false");
    await header.click();
    await expect(header).toHaveAttribute("aria-expanded", "true");
    const body = ann.getByRole("region");
    for (const section of ["Personal Information", "Vehicle Details", "Coverage"]) {
      await expect(body.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(body.getByRole("heading", { name: "Drivers (1)" })).toBeVisible();
    await expect(body.getByText("100/300/100")).toBeVisible();
    await expect(body.getByText("Submitted")).toBeVisible();

    // Masked in the list; revealed on request.
    await expect(body.getByText("••••-••-••").first()).toBeVisible();
    await expect(body.getByText("•••••••••9012")).toBeVisible();
    await expect(body.getByText("1986-04-12")).toHaveCount(0);
    await body.getByRole("button", { name: "Reveal date of birth and license numbers" }).click();
    await expect(body.getByText("1986-04-12").first()).toBeVisible();
    await expect(body.getByText("L123456789012")).toBeVisible();

    // Status change, with the days in status.
    await body.getByLabel(/^Status of Ann/).selectOption("contacted");
    await expect(toast(page, "Status changed to Contacted.")).toBeVisible();
    await expect(body.getByText("0 days in status")).toBeVisible();
    await expect(header).toContainText("Contacted");

    // The filtered export holds just these two quotes.
    const exported = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const lines = (await linesOf(exported)).filter(Boolean);
    expect(lines[0]?.startsWith(QUOTE_HEADER)).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).not.toContain("1986-04-12");

    test.setTimeout(120_000);
    // Archive: no confirmation; the quote leaves the list and a toast offers Undo, which
    // stays (no time limit) and does not take focus.
    await body.getByRole("button", { name: /^Archive Quote/ }).click();
    await expect(toast(page, `Quote of Ann ${tag} archived.`)).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`Bob ${tag}`);
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).not.toBeFocused();
    await page.waitForTimeout(7000);
    await expect(undo).toBeVisible();
    await undo.click();
    await expect(toast(page, `Quote of Ann ${tag} restored.`)).toBeVisible();
    await expect(items).toHaveCount(2);

    // A failed archive says so and keeps the quote.
    await page.route(/\/api\/auto-quotes\/delete-auto-quote\//, (route) =>
      route.fulfill({ status: 500, json: { error: "boom" } }),
    );
    const bob = items.filter({ hasText: `Bob ${tag}` });
    await bob.getByRole("button", { name: new RegExp(`^Bob ${tag}`) }).click();
    await bob.getByRole("button", { name: /^Archive Quote/ }).click();
    await expect(toast(page, "Failed to archive: boom")).toBeVisible();
    await expect(items).toHaveCount(2);
    await page.unroute(/\/api\/auto-quotes\/delete-auto-quote\//);

    // No match → "No Quotes Found" with Clear Search.
    await search(page, "Search quotes", `${tag}nomatch`);
    await expect(page.getByRole("heading", { name: "No Quotes Found" })).toBeVisible();
  });

  test("contacts: search, sort, cards and table, truncation, reply, no match, delete", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const long = `I would like to review my home and auto policies together. ${"We have a new garage and a teenage driver. ".repeat(3)}Thanks!`;
    for (const [firstName, message] of [
      ["Alice", long],
      ["Carol", "Short note."],
      ["Bob", "Please call me back about renters insurance."],
    ] as const) {
      await sendMessage(request, {
        firstName,
        lastName: tag,
        email: `${firstName.toLowerCase()}.${tag.toLowerCase()}@example.com`,
        message,
      });
    }
    await signIn(page, admin);
    await page.addInitScript(() => localStorage.removeItem("dashboardContactsDisplay"));
    await openDashboard(page, "contacts");
    await expect(heading(page)).toHaveText("Contacts");
    await search(page, "Search contacts", tag);
    const cards = page.getByRole("list", { name: "Contacts" }).locator(":scope > li");
    await expect(cards).toHaveCount(3);
    const names = () =>
      page.getByRole("list", { name: "Contacts" }).getByRole("heading", { level: 3 });
    // Default: by date, newest first.
    await expect(names()).toHaveText([`Bob ${tag}`, `Carol ${tag}`, `Alice ${tag}`]);
    await page.getByLabel("Sort by").selectOption("name");
    await expect(names()).toHaveText([`Carol ${tag}`, `Bob ${tag}`, `Alice ${tag}`]);
    await page.getByRole("button", { name: /^Descending/ }).click();
    await expect(names()).toHaveText([`Alice ${tag}`, `Bob ${tag}`, `Carol ${tag}`]);

    // Cards cut the message at 100 characters, with More / Less.
    const alice = cards.filter({ hasText: `Alice ${tag}` });
    await expect(alice.getByText(`${long.slice(0, 100).trimEnd()}…`)).toBeVisible();
    await alice.getByRole("button", { name: "More" }).click();
    await expect(alice.getByText(long)).toBeVisible();
    await alice.getByRole("button", { name: "Less" }).click();
    await expect(alice.getByText(long)).toHaveCount(0);
    await expect(alice.getByRole("link", { name: /^Reply/ })).toHaveAttribute(
      "href",
      `mailto:alice.${tag.toLowerCase()}@example.com?subject=Re%3A%20Your%20Contact%20Message`,
    );

    // Table display: 50 characters, Show More / Show Less.
    await page.getByRole("button", { name: "Table" }).click();
    await expect(page.getByRole("button", { name: "Table" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const row = page.getByRole("row").filter({ hasText: `Alice ${tag}` });
    await expect(row.getByText(`${long.slice(0, 50).trimEnd()}…`)).toBeVisible();
    await row.getByRole("button", { name: "Show More" }).click();
    await expect(row.getByText(long)).toBeVisible();
    await expect(row.getByRole("button", { name: "Show Less" })).toBeVisible();
    await page.getByRole("button", { name: "Cards" }).click();

    // No match, then Clear Search.
    await search(page, "Search contacts", `${tag}nomatch`);
    await expect(page.getByText(`No message matches “${tag}nomatch”.`)).toBeVisible();
    await page.getByRole("button", { name: "Clear Search" }).click();
    await expect(page.getByLabel("Search contacts")).toHaveValue("");
    await expect(cards.first()).toBeVisible();

    // Archive (no confirmation), then find it under the Archived filter and restore it.
    await search(page, "Search contacts", tag);
    await expect(cards).toHaveCount(3);
    await cards
      .filter({ hasText: `Carol ${tag}` })
      .getByRole("button", { name: /^Archive/ })
      .click();
    await expect(toast(page, `Message from Carol ${tag} archived.`)).toBeVisible();
    await expect(cards).toHaveCount(2);
    await page.getByLabel("Show").selectOption("archived");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Carol ${tag}`);
    await cards
      .first()
      .getByRole("button", { name: /^Restore/ })
      .click();
    await expect(toast(page, `Message from Carol ${tag} restored.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "No matching contacts" })).toBeVisible();
    await page.getByLabel("Show").selectOption("active");
    await expect(cards).toHaveCount(3);

    // A failed archive names the reason.
    await page.route(/\/api\/contacts\/delete-contact\//, (route) =>
      route.fulfill({ status: 404, json: { error: "Contact not found" } }),
    );
    await cards
      .first()
      .getByRole("button", { name: /^Archive/ })
      .click();
    await expect(toast(page, "Failed to archive: Contact not found")).toBeVisible();
    await page.unroute(/\/api\/contacts\/delete-contact\//);

    // Status, and the prospect timeline from the email.
    await cards
      .first()
      .getByLabel(/^Status of/)
      .selectOption("won");
    await expect(cards.first().getByText("0 days in status")).toBeVisible();
    await cards
      .filter({ hasText: `Bob ${tag}` })
      .getByRole("button", { name: new RegExp(`bob\\.${tag.toLowerCase()}@example\\.com`) })
      .click();
    const timeline = page.getByRole("dialog", { name: "Prospect timeline" });
    await expect(timeline).toContainText("Message about Home Insurance");
    await timeline.getByRole("button", { name: "Close" }).click();
    await expect(timeline).toBeHidden();
  });

  test("appointments: table with service icons, a row expands, No-show refused before the start, Cancelled, delete", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await bookAppointment(request, {
      name: `Ann ${tag}`,
      email: `ann.${tag.toLowerCase()}@example.com`,
      message: "Looking to bundle home and auto.",
    });
    await bookAppointment(request, {
      name: `Ben ${tag}`,
      email: `ben.${tag.toLowerCase()}@example.com`,
      message: "",
      service: "Trucker Insurance",
    });
    await signIn(page, admin);
    await openDashboard(page, "appointments");
    await expect(heading(page)).toHaveText("Appointments");
    await search(page, "Search appointments", tag);
    const table = page.getByRole("table");
    for (const column of ["Client", "Contact", "Date & Time", "Service", "Actions"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const annRow = table
      .getByRole("row")
      .filter({ hasText: `Ann ${tag}` })
      .first();
    const benRow = table
      .getByRole("row")
      .filter({ hasText: `Ben ${tag}` })
      .first();
    await expect(benRow.locator("[data-service='Trucker Insurance'] .icon")).toBeVisible();

    // A click on the row expands the message and booked time.
    await expect(page.getByText("Looking to bundle home and auto.")).toBeHidden();
    await annRow.getByRole("cell").nth(2).click();
    await expect(page.getByText("Looking to bundle home and auto.")).toBeVisible();
    await expect(annRow.getByRole("button", { name: /^Ann/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await benRow.getByRole("button", { name: new RegExp(`^Ben ${tag}`) }).click();
    await expect(page.getByText("No message provided")).toBeVisible();

    // No-show is a fact about an appointment's start (decision 0033): not before it.
    await benRow.getByLabel(/^Status of Ben/).selectOption("no-show");
    await expect(
      toast(
        page,
        "Failed to change the status: An appointment can be marked No-show only once it has started.",
      ),
    ).toBeVisible();
    await benRow.getByLabel(/^Status of Ben/).selectOption("cancelled");
    await expect(toast(page, "Status changed to Canceled.")).toBeVisible();

    await annRow.getByRole("button", { name: /^Archive/ }).click();
    await expect(toast(page, `Appointment of Ann ${tag} archived.`)).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: `Ann ${tag}` })).toHaveCount(0);
  });

  test("load failures: the panels and banner, and Try Again refetches without a reload", async ({
    page,
  }) => {
    await signIn(page, admin);
    const failing = (pattern: RegExp) =>
      page.route(pattern, (route) =>
        route.fulfill({ status: 500, json: { error: "Database unavailable" } }),
      );
    await failing(/\/api\/auto-quotes\/get-all-auto-quotes/);
    await failing(/\/api\/contacts\/list-contacts/);
    await failing(/\/api\/appointments\/get-appointments/);
    await failing(/\/api\/dashboard\/overview/);
    await openDashboard(page, "quotes");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });

    const quotesError = page.getByRole("alert").filter({ hasText: "Error Loading Quotes" });
    await expect(quotesError).toContainText("Database unavailable");
    await page.unroute(/\/api\/auto-quotes\/get-all-auto-quotes/);
    await quotesError.getByRole("button", { name: "Try Again" }).click();
    await expect(quotesError).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: /Quote Requests/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await sidebar(page).getByRole("link", { name: "Contacts" }).click();
    await expect(toast(page, "Failed to load contacts")).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Error Loading Contacts" }),
    ).toBeVisible();

    await sidebar(page).getByRole("link", { name: "Appointments" }).click();
    await expect(page.getByText("Error: Database unavailable")).toBeVisible();

    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    const banner = page.getByRole("alert").filter({ hasText: "Failed to load dashboard data." });
    await expect(banner).toBeVisible();
    await expect(banner).not.toContainText("sample data");
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner).toBeHidden();
  });

  test("Logout: a failure keeps the session with a toast; then it ends and goes to login", async ({
    page,
  }) => {
    await signIn(page, admin);
    await openDashboard(page, "overview");
    await expect(heading(page)).toHaveText("Dashboard Overview");
    await page.route(/\/api\/users\/logout$/, (route) =>
      route.fulfill({ status: 500, json: { error: "boom" } }),
    );
    const logout = page
      .getByRole("complementary", { name: "Dashboard sidebar" })
      .getByRole("button", { name: "Logout" });
    await logout.click();
    await expect(toast(page, "An error occurred during logout")).toBeVisible();
    await expect(heading(page)).toHaveText("Dashboard Overview");
    await page.unroute(/\/api\/users\/logout$/);
    await logout.click();
    await expect(page).toHaveURL(/\/api\/auth\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/api\/auth\/login$/);
  });

  test("no WCAG 2.2 AA violations in any view (axe)", async ({ page, request }) => {
    // One axe run per view (six views, the Settings one now with two-factor): over 30 s on
    // a loaded 2-core machine (90 s seen at a load of 12), as for the quote wizard's scan.
    test.setTimeout(180_000);
    const tag = uniqueTag();
    await submitQuote(request, {
      firstName: "Axe",
      lastName: tag,
      email: `axe.${tag.toLowerCase()}@example.com`,
    });
    await signIn(page, admin);
    await openDashboard(page, "overview");
    expect(await scanViews(page)).toEqual([]);
  });

  test("settings: change your own password; the agency profile is read-only", async ({ page }) => {
    const owner = createAccount("super-admin");
    await signIn(page, owner);
    await openDashboard(page, "settings");
    await expect(heading(page)).toHaveText("Settings");
    await expect(page.getByText("Super Admin", { exact: true })).toBeVisible();
    // No source paths: the profile is described, not located.
    await expect(page.getByText(/packages\/|\.ts\b|data\/outbox/)).toHaveCount(0);

    const submit = page.getByRole("button", { name: "Change Password" });
    await submit.click();
    await expect(page.getByLabel("Current password")).toBeFocused();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Password must be at least 12 characters")).toBeVisible();

    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-passphrase");
    await page.getByLabel("Confirm new password").fill("a-brand-new-passphrase");
    await submit.click();
    await expect(page.getByText("Your current password is not correct")).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue(
      "a-brand-new-passphrase",
    );

    await page.getByLabel("Current password").fill(owner.password);
    await submit.click();
    await expect(
      page.getByText("Your password has been changed. Other sessions were signed out."),
    ).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("no WCAG 2.2 AA violations in any view (axe)", async ({ page, request }) => {
    // One axe run per view (six views, the Settings one now with two-factor): over 30 s on
    // a loaded 2-core machine (90 s seen at a load of 12), as for the quote wizard's scan.
    test.setTimeout(180_000);
    const tag = uniqueTag();
    await submitQuote(request, {
      firstName: "Axe",
      lastName: tag,
      email: `axe.${tag.toLowerCase()}@example.com`,
    });
    await signIn(page, admin);
    await openDashboard(page, "overview");
    expect(await scanViews(page)).toEqual([]);
  });

  test("the sidebar is a drawer; views and lists fit the screen", async ({ page, request }) => {
    // Three views, a search in two and an archive: past 30 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    const tag = uniqueTag();
    await submitQuote(request, {
      firstName: "Pia",
      lastName: tag,
      email: `pia.${tag.toLowerCase()}@example.com`,
    });
    await bookAppointment(request, {
      name: `Pia ${tag}`,
      email: `pia.${tag.toLowerCase()}@example.com`,
      message: "",
    });
    await signIn(page, admin);
    await openDashboard(page, "overview");
    await expect(heading(page)).toHaveText("Dashboard Overview");
    await expect(sidebar(page)).toHaveCount(0);
    await expectNoHorizontalScroll(page);

    const menu = page.getByRole("button", { name: "Dashboard menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.getByRole("link", { name: "Quotes" }).click();
    await expect(drawer).toBeHidden();
    await expect(heading(page)).toHaveText("Auto Quotes");

    await search(page, "Search quotes", tag);
    const item = page.locator("[data-quote-item]");
    await expect(item).toHaveCount(1);
    await item.getByRole("button", { name: new RegExp(`Pia ${tag}`) }).click();
    await expect(item.getByRole("heading", { name: "Coverage" })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // Appointments as cards below 1024 px.
    await menu.click();
    await drawer.getByRole("link", { name: "Appointments" }).click();
    await search(page, "Search appointments", tag);
    await expect(page.getByRole("table")).toHaveCount(0);
    const card = page.getByRole("list", { name: "Appointments" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: new RegExp(`^Pia ${tag}`) }).click();
    await expect(card.getByText("No message provided")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await card.getByRole("button", { name: /^Archive/ }).click();
    await expect(toast(page, `Appointment of Pia ${tag} archived.`)).toBeVisible();
    // At 375 px the toast sits at the bottom, clear of the header and of dialogs' Close.
    const toastBox = await page.getByRole("button", { name: "Undo" }).boundingBox();
    expect((toastBox?.y ?? 0) > 400).toBe(true);
    await expect(page.getByRole("heading", { name: "No Appointments Found" })).toBeVisible();
  });

  test("contacts as cards at 375 px", async ({ page, request }) => {
    const tag = uniqueTag();
    await sendMessage(request, {
      firstName: "Rae",
      lastName: tag,
      email: `rae.${tag.toLowerCase()}@example.com`,
      message: "x".repeat(30) + " ".repeat(1) + "y".repeat(120),
    });
    await signIn(page, admin);
    await openDashboard(page, "contacts");
    await search(page, "Search contacts", tag);
    const card = page.getByRole("list", { name: "Contacts" }).locator(":scope > li");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("button", { name: "More" })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
