import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type Account, adminToken, createAccount, signIn, uniqueTag } from "./support/dashboard.ts";
import { expectNoHorizontalScroll, skipCookieBanner, uniquePhone } from "./support/forms.ts";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./support/test.ts";

/**
 * Figures from the records (issue 28 §3): a visitor lands with ?utm_source=newsletter,
 * moves on within the site and sends a quote; the lead's page shows where they came from,
 * and the Reports page counts the lead under that source. Agents see no Reports. At 1280
 * and 375 px. Serial: both widths add to the same "newsletter" row, counted before and after.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");

/** This month's leads from the newsletter, as the API counts them. */
async function newsletterLeads(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/reports?preset=this-month", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as {
    data: { bySource: { key: string; figures: { leadsIn: number } }[] };
  };
  return body.data.bySource.find((row) => row.key === "web:newsletter")?.figures.leadsIn ?? 0;
}

const stepForm = (page: Page, title: string) => page.getByRole("form", { name: title });

async function continueTo(page: Page, title: string) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeFocused();
}

async function sendQuote(page: Page, lastName: string): Promise<string> {
  const info = stepForm(page, "Your Info");
  await info.getByLabel("First name").fill("Nina");
  await info.getByLabel("Last name").fill(lastName);
  await info.getByLabel("Email").fill(`${lastName.toLowerCase()}@example.com`);
  await info.getByLabel("Phone").fill(uniquePhone());
  await info.getByLabel("Street address").fill("1200 Nicollet Mall");
  await info.getByLabel("City").fill("Minneapolis");
  await info.getByLabel("ZIP code").fill("55403");
  await info.getByLabel("Date of birth").fill("1988-04-12");
  await continueTo(page, "Vehicle");
  const vehicle = stepForm(page, "Vehicle");
  await vehicle.getByLabel("Year").selectOption("2020");
  await vehicle.getByLabel("Make").selectOption("Toyota");
  await vehicle.getByLabel("Body type").selectOption("SUV");
  await vehicle.getByLabel("Annual mileage").selectOption("12,000-15,999");
  await continueTo(page, "Drivers");
  const driver = stepForm(page, "Drivers").getByRole("group", { name: "Driver 1 (you)" });
  await driver.getByLabel("Driver's license number").fill("A123456789012");
  await driver.getByLabel("License state").selectOption("MN");
  await continueTo(page, "Coverage");
  await continueTo(page, "Quote");
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/auto-quotes/send-auto-quote") && response.status() === 201,
  );
  await stepForm(page, "Quote").getByRole("button", { name: "Get Your Quote" }).click();
  const request = (await sent).request();
  // What the browser sent: the first touch of the session, not the quote page's own.
  expect(request.postDataJSON().leadSource).toEqual({
    source: "newsletter",
    medium: "email",
    campaign: "",
  });
  return ((await (await sent).json()) as { data: { _id: string } }).data._id;
}

const newsletterRow = (reports: Page): Locator =>
  reports
    .getByRole("region", { name: "By lead source: table" })
    .getByRole("row", { name: /Website: newsletter/ });

let manager: Account;
let agent: Account;
test.beforeAll(() => {
  manager = createAccount("manager");
  agent = createAccount("agent");
});

for (const { label, width, height } of [
  { label: "1280", width: 1280, height: 900 },
  { label: "375", width: 375, height: 740 },
]) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("a visitor from the newsletter quotes; the lead and the Reports page show the source", async ({
      page,
      request,
      browser,
    }) => {
      const token = await adminToken(request, manager);
      const before = await newsletterLeads(request, token);
      const tag = uniqueTag("Nl");

      // The visitor lands from the newsletter, then opens the quote page (no utm there).
      await skipCookieBanner(page);
      await page.goto("/?utm_source=newsletter&utm_medium=email");
      await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
      await page.goto("/get-quote-today");
      await expect(page.locator('[data-ready="true"]')).toBeAttached();
      const quoteId = await sendQuote(page, tag);

      // The lead's page says where the visitor came from.
      const context = await browser.newContext({ viewport: { width, height } });
      const staff = await context.newPage();
      await signIn(staff, manager);
      await staff.goto(`/dashboard/quotes/${quoteId}`);
      await expect(staff.getByText("Website · newsletter / email")).toBeVisible();

      // The Reports page counts it under that source.
      await staff.goto("/dashboard/reports");
      await expect(staff.getByRole("heading", { name: "By lead source" })).toBeVisible();
      const row = newsletterRow(staff);
      await expect(row.getByRole("cell").first()).toHaveText(String(before + 1));
      await expect(staff.getByRole("combobox", { name: "Period" })).toHaveValue("this-month");
      await expectNoHorizontalScroll(staff);
      await expectNoAxeViolations(staff, "the Reports page");
      await staff.screenshot({ path: path.join(SCREENS, `reports-${label}.png`), fullPage: true });

      // The CSV holds the same row.
      const download = staff.waitForEvent("download");
      await staff.getByRole("button", { name: "Download CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^report-.*\.csv$/);
      await context.close();

      // An agent has no Reports: not in the navigation, and the address leads to the overview.
      const agentContext = await browser.newContext({ viewport: { width, height } });
      const agentPage = await agentContext.newPage();
      await signIn(agentPage, agent);
      await agentPage.goto("/dashboard/reports");
      await expect(agentPage).toHaveURL(/\/dashboard$/);
      await expect(agentPage.getByRole("link", { name: "Reports", exact: true })).toHaveCount(0);
      const refused = await agentPage.request.get("/api/reports", {
        headers: { authorization: `Bearer ${await adminToken(request, agent)}` },
      });
      expect(refused.status()).toBe(403);
      await agentContext.close();
    });
  });
}
