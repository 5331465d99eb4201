import { privacyRequestDueOn } from "@agency/domain";
import { privacyVerifyLinkFromOutbox, textFromOutbox } from "./support/auth.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, skipCookieBanner, watchCspViolations } from "./support/forms.ts";
import { expect, test } from "./support/test.ts";

/**
 * A privacy request (issue 30 §2, decision 0082): a visitor asks to see their information on
 * /privacy, confirms it by the emailed link, a manager sees it with its due date, answers it,
 * and the answer is in the outbox. At 1280 and 375 px.
 */

test.describe.configure({ timeout: 120_000 });

let manager: Account;
test.beforeAll(() => {
  manager = createAccount("manager");
});

/** "Jan 6, 2027", as the dashboard writes a calendar day. */
function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

for (const { label, width, height } of [
  { label: "1280", width: 1280, height: 900 },
  { label: "375", width: 375, height: 740 },
]) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("a visitor's access request is verified by email, seen with its due date and answered", async ({
      page,
    }) => {
      const problems = await watchCspViolations(page);
      const tag = uniqueTag();
      const email = `${tag.toLowerCase()}@example.com`;
      const started = Date.now();

      // The visitor, on the privacy page.
      await skipCookieBanner(page);
      await page.goto("/privacy#your-choices");
      const form = page.locator("#privacy-request-form");
      await expect(form).toHaveAttribute("data-ready", "true");
      await form.getByLabel("What would you like us to do?").selectOption("access");
      await form.getByLabel("Your name").fill(`Rosa ${tag}`);
      await form.getByLabel(/^Email/).fill(email);
      const send = form.getByRole("button", { name: "Send request" });
      await send.dblclick();
      await expect(form.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The link in the email confirms it.
      const link = await privacyVerifyLinkFromOutbox(email, { after: started });
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Request confirmed" })).toBeVisible();
      const due = shortDay(privacyRequestDueOn(new Date()));
      await expect(page.getByText(due)).toBeVisible();
      await expectNoAxeViolations(page, "the verification page");

      // A manager finds it with its due date and answers it.
      await signIn(page, manager);
      await openDashboard(page, "privacy");
      await page.getByLabel("Search by name or email").fill(tag);
      await page.getByRole("button", { name: "Search" }).click();
      const list = page.getByRole("list", { name: "Privacy requests" });
      const row = list.getByRole("listitem").filter({ hasText: tag });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("See my information");
      await expect(row).toContainText(due);
      await expectNoHorizontalScroll(page);
      await row.getByRole("link", { name: `Rosa ${tag}` }).click();

      await expect(page.getByRole("heading", { name: "See my information" })).toBeVisible();
      await expect(page.getByText(due)).toBeVisible();
      await page
        .getByLabel("Answer (emailed to the person)")
        .fill(`Hello Rosa,\nHere is what we hold about you, ${tag}.`);
      await page.getByRole("button", { name: "Send answer" }).click();
      await expect(page.getByRole("heading", { name: /Answer sent/ })).toBeVisible();
      await expect(page.getByText("Answer emailed to the person")).toBeVisible();
      await expectNoAxeViolations(page, "the privacy request page");
      await expectNoHorizontalScroll(page);

      // The answer went to the person.
      const subject = await textFromOutbox(
        email,
        /^Subject: (Your privacy request: See my information)/m,
        "the privacy answer",
      );
      expect(subject).toBe("Your privacy request: See my information");
      expect(
        await textFromOutbox(
          email,
          new RegExp(`(Here is what we hold about you, ${tag})`),
          "the answer's text",
        ),
      ).toContain(tag);
      expect(problems).toEqual([]);
    });
  });
}
