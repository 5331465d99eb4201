import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  adminToken,
  createAccount,
  openDashboard,
  quotePayload,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import {
  daysAfterToday,
  expectNoHorizontalScroll,
  uniquePhone,
  watchCspViolations,
} from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Renewals (issue 28 §2): a policy expiring within 30 days is on /dashboard/renewals; an
 * agent renews it there from a prefilled form, and the person's page shows the next term
 * as the renewal of the first. At 1280 and 375 px.
 */

test.describe.configure({ timeout: 120_000 });

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `renewals-${name}.png`), fullPage: true });

let agent: Account;
test.beforeAll(() => {
  agent = createAccount("agent");
});

for (const { label, width, height } of [
  { label: "1280", width: 1280, height: 900 },
  { label: "375", width: 375, height: 740 },
]) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("a term expiring within 30 days is on the renewals page; renewing it makes the next term", async ({
      page,
      request,
    }) => {
      const problems = await watchCspViolations(page);
      const tag = uniqueTag();
      const quote = quotePayload("Nora", tag, `nora.${tag.toLowerCase()}@example.com`);
      quote.personalInfo.phone = uniquePhone();
      const quoted = await request.post("/api/auto-quotes/send-auto-quote", { data: quote });
      expect(quoted.status(), await quoted.text()).toBe(201);
      const quoteId = ((await quoted.json()) as { data: { _id: string } }).data._id;
      const number = `RN-${tag}`;
      const expiration = daysAfterToday(12);
      const token = await adminToken(request, agent);
      const issued = await request.post("/api/policies", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          lead: { kind: "quote", id: quoteId },
          carrier: "Lakeside Mutual",
          lineOfBusiness: "auto",
          policyNumber: number,
          effectiveDate: daysAfterToday(12 - 183),
          expirationDate: expiration,
          termMonths: 6,
          annualPremium: "1,234.56",
        },
      });
      expect(issued.status(), await issued.text()).toBe(201);

      await signIn(page, agent);
      if (width >= 1024) {
        // The sidebar has it next to Tasks.
        await openDashboard(page);
        await page.getByRole("link", { name: "Renewals", exact: true }).click();
      } else {
        await page.goto("/dashboard/renewals");
      }
      await expect(page).toHaveURL(/\/dashboard\/renewals$/);
      await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      const list = page.getByRole("list", { name: "Renewals" });
      const item = list.getByRole("listitem").filter({ hasText: number });
      await expect(item).toContainText(`Nora ${tag}`);
      await expect(item).toContainText("Lakeside Mutual");
      await expect(item).toContainText("$1,234.56");
      await expect(item).toContainText("Not started");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the renewals page");
      await shot(page, `list-${label}`);

      await item.getByRole("button", { name: `Renew Auto policy ${number}` }).click();
      const form = page.getByRole("form", { name: `Renew Auto policy ${number}` });
      await expect(form.getByLabel("Policy number")).toHaveValue(number);
      await expect(form.getByLabel("Effective date")).toHaveValue(expiration);
      await expect(form.getByLabel("Annual premium ($)")).toHaveValue("$1,234.56");
      await form.getByLabel("Annual premium ($)").fill("1,300.10");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the renew form");
      await shot(page, `form-${label}`);
      // Sent by keyboard (Tab from a date field walks its month, day and year first).
      await form.getByRole("button", { name: /^Renew/ }).focus();
      await page.keyboard.press("Enter");
      await expect(item.getByText("Renewed", { exact: true })).toBeVisible();
      await expect(item.getByRole("button", { name: /^Renew/ })).toHaveCount(0);

      await item.getByRole("link", { name: `Nora ${tag}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/people\/[^/?]+$/);
      const policies = page.getByRole("region", { name: "Policies" });
      const terms = policies.getByRole("listitem").filter({ hasText: number });
      await expect(terms).toHaveCount(2);
      await expect(terms.first()).toContainText(`Renewal of No. ${number}`);
      await expect(terms.first()).toContainText("$1,300.10");
      await expect(terms.first()).toContainText("Active");
      await expect(terms.nth(1)).toContainText("Renewed");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the person page");
      await shot(page, `person-${label}`);
      expect(problems).toEqual([]);
    });
  });
}
