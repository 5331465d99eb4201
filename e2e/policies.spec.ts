import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  quotePayload,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, uniquePhone, watchCspViolations } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Policies (issue 28 §1): an agent issues a policy from a visitor's quote (the lead is then
 * Won), sees it on the person's page, and a manager sees it among the overview's Active
 * Policies. At 1280 and 375 px, by keyboard where a form is filled.
 */

test.describe.configure({ timeout: 120_000 });

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `policies-${name}.png`), fullPage: true });

let agent: Account;
let manager: Account;
test.beforeAll(() => {
  agent = createAccount("agent");
  manager = createAccount("manager");
});

for (const { label, width, height } of [
  { label: "1280", width: 1280, height: 900 },
  { label: "375", width: 375, height: 740 },
]) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("an agent issues a policy from a new quote: Won, on the person's page and the overview", async ({
      page,
      request,
      browser,
    }) => {
      const problems = await watchCspViolations(page);
      const tag = uniqueTag();
      const quote = quotePayload("Rosa", tag, `rosa.${tag.toLowerCase()}@example.com`);
      quote.personalInfo.phone = uniquePhone();
      const quoted = await request.post("/api/auto-quotes/send-auto-quote", { data: quote });
      expect(quoted.status(), await quoted.text()).toBe(201);
      const quoteId = ((await quoted.json()) as { data: { _id: string } }).data._id;
      const owner = `Rosa ${tag}'s quote`;
      const number = `AU-${tag}`;

      await signIn(page, agent);
      await page.goto(`/dashboard/quotes/${quoteId}`);
      const status = page.getByLabel(`Status of ${owner}`);
      await expect(status).toHaveValue("new");
      const panel = page.getByRole("region", { name: "Policy" });
      await panel.getByRole("button", { name: `Issue policy from ${owner}` }).click();
      const form = page.getByRole("form", { name: `Issue a policy for ${owner}` });
      await expect(form.getByLabel("Line of business")).toHaveValue("auto");

      // Sent empty: the first wrong field has focus and its message.
      await form.getByRole("button", { name: /^Issue policy/ }).click();
      await expect(form.getByLabel("Policy number")).toBeFocused();
      await expect(form.getByText("Enter the policy number")).toBeVisible();

      await page.keyboard.type(number);
      await form.getByLabel("Effective date").fill("2028-02-29");
      await form.getByLabel("Term").selectOption("6");
      await expect(form.getByLabel("Expiration date")).toHaveValue("2028-08-29");
      await form.getByLabel("Annual premium ($)").fill("1,234.56");
      await form.getByLabel(/^Notes/).fill("Paid in full; ÑÜ 😀");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the issue form");
      await shot(page, `form-${label}`);
      await form.screenshot({ path: path.join(SCREENS, `policies-form-only-${label}.png`) });
      await form.getByLabel(/^Notes/).focus();
      await page.keyboard.press("Tab");
      await expect(form.getByRole("button", { name: /^Issue policy/ })).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(panel.getByText(`Policy ${number} issued.`)).toBeVisible();
      await expect(status).toHaveValue("won");
      await panel.getByRole("link", { name: `See Rosa ${tag}'s policies` }).click();
      await expect(page).toHaveURL(/\/dashboard\/people\/[^/?]+$/);
      const policies = page.getByRole("region", { name: "Policies" });
      const item = policies.getByRole("listitem").filter({ hasText: number });
      await expect(item).toContainText("Active");
      await expect(item).toContainText("$1,234.56");
      await expect(item).toContainText("Feb 29, 2028");
      await expect(item).toContainText("Aug 29, 2028");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the person page");
      await shot(page, `person-${label}`);
      await policies.screenshot({ path: path.join(SCREENS, `policies-card-${label}.png`) });

      // Its details edited by keyboard: only the premium changes, the card shows it.
      const edit = item.getByRole("button", { name: `Edit details of Auto policy ${number}` });
      await edit.focus();
      await page.keyboard.press("Enter");
      const editForm = page.getByRole("form", { name: `Edit details of Auto policy ${number}` });
      await expect(editForm.getByLabel("Carrier")).toBeFocused();
      const premium = editForm.getByLabel("Annual premium ($)");
      await expect(premium).toHaveValue("1,234.56");
      await premium.focus();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("2,345.67");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "the edit form");
      await shot(page, `edit-${label}`);
      await page.keyboard.press("Enter");
      await expect(page.getByText("Policy updated.")).toBeVisible();
      await expect(editForm).toHaveCount(0);
      await expect(item).toContainText("$2,345.67");
      await expect(item).toContainText("Aug 29, 2028");
      await expect(edit).toBeFocused();

      // Canceled on a date for a reason, then reinstated.
      await item.getByRole("button", { name: `Cancel Auto policy ${number}` }).click();
      const cancel = page.getByRole("form", { name: `Cancel Auto policy ${number}` });
      await cancel.getByLabel("Cancellation date").fill("2028-05-01");
      await cancel.getByLabel("Reason").fill("Sold the car");
      await cancel.getByRole("button", { name: /^Cancel policy/ }).click();
      await expect(item).toContainText("Canceled May 1, 2028: Sold the car");
      await expect(item.getByRole("button", { name: /^Non-renew/ })).toHaveCount(0);
      await item.getByRole("button", { name: `Reinstate Auto policy ${number}` }).click();
      await expect(item.getByText("Active", { exact: true })).toBeVisible();
      expect(problems).toEqual([]);

      // A manager's overview counts it among the Active Policies, with the newest listed.
      const context = await browser.newContext({ viewport: { width, height } });
      const managerPage = await context.newPage();
      await signIn(managerPage, manager);
      await managerPage.goto("/dashboard");
      const card = managerPage.getByRole("article").filter({
        has: managerPage.getByRole("heading", { name: "Active Policies" }),
      });
      await expect(card.getByRole("list", { name: "Recent: Active Policies" })).toContainText(
        `Rosa ${tag}`,
      );
      await expect(card.locator("p").first()).not.toHaveText("0");
      await expect(card.getByRole("link", { name: `Rosa ${tag}` })).toHaveAttribute(
        "href",
        page.url().replace(/^https?:\/\/[^/]+/, ""),
      );
      await card.scrollIntoViewIfNeeded();
      await shot(managerPage, `overview-${label}`);
      await context.close();
    });
  });
}
