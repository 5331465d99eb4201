import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, VIEWPORTS } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Email from the app (issue 27 §3, decision 0068): a manager keeps a template in Settings,
 * writes to a lead from its page with it, and sees the email sent on the lead, on the
 * prospect timeline and in the outbox (from the agency, Reply-To the manager); at 1280 and
 * 375 px.
 */

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");

let manager: Account;
test.beforeAll(() => {
  manager = createAccount("manager");
});

/** The .eml the e2e server wrote to this address with this subject, once it is there. */
async function mailTo(address: string, subject: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let found = "";
  await expect
    .poll(
      async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith(".eml"))) {
          const raw = await readFile(path.join(dir, name), "utf8");
          if (raw.includes(`To: ${address}`) && raw.includes(`Subject: ${subject}`)) found = raw;
        }
        return found;
      },
      { timeout: 15_000, message: `the email to ${address}` },
    )
    .toBeTruthy();
  return found;
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a manager keeps a template and emails a lead with it; the email is logged and sent", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const tag = uniqueTag("Em");
      const email = `rita.${tag.toLowerCase()}@example.com`;
      const id = await sendMessage(request, {
        firstName: "Rita",
        lastName: tag,
        email,
        message: "Please tell me about home insurance.",
      });
      await signIn(page, manager);

      // Settings: a template with both placeholders.
      await openDashboard(page, "settings");
      const templates = page.getByRole("region", { name: "Email templates" });
      await templates.getByLabel("Template name").fill(`Thanks ${tag}`);
      await templates.getByLabel("Subject").fill("Thanks, {{firstName}}");
      await templates
        .getByRole("textbox", { name: "Message" })
        .fill("Hi {{firstName}},\nThis is {{agentName}}. I will call you tomorrow.");
      await templates.getByRole("button", { name: "Add template" }).click();
      await expect(templates.getByRole("status")).toHaveText(`Template “Thanks ${tag}” added.`);
      await expectNoAxeViolations(page, "settings");

      // The lead: "Email this prospect" opens the compose form, no mail program.
      await page.goto(`/dashboard/contacts/${id}`);
      const lead = page.getByRole("article");
      await expect(lead.getByRole("heading", { level: 2, name: `Rita ${tag}` })).toBeVisible();
      await lead.getByRole("button", { name: "Email this prospect" }).click();
      const subject = lead.getByLabel("Subject", { exact: true });
      await expect(subject).toBeFocused();
      await expect(subject).toHaveValue("Re: Home Insurance");
      await lead.getByLabel(/^Template/).selectOption({ label: `Thanks ${tag}` });
      await expect(subject).toHaveValue("Thanks, Rita");
      await expect(lead.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
        `Hi Rita,\nThis is ${manager.firstName} ${manager.lastName}. I will call you tomorrow.`,
      );
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "compose");
      await lead.getByRole("button", { name: /^Send email/ }).click();
      await expect(toast(page, "Email queued")).toBeVisible();

      // Logged on the lead, and sent (the list reads itself again while it is queued).
      const emails = lead.getByRole("list", { name: `Emails to Rita ${tag}'s message` });
      await expect(emails.getByRole("listitem")).toHaveCount(1);
      await expect(emails).toContainText("Thanks, Rita");
      await expect(emails).toContainText(`${manager.firstName} ${manager.lastName}`);
      await expect(emails).toContainText("Sent", { timeout: 15_000 });
      const timeline = lead.getByRole("region", { name: "Prospect timeline" });
      // The timeline follows the state the panel reads.
      const onTimeline = timeline.getByRole("list", { name: "Emails about this message" });
      await expect(onTimeline).toContainText("Thanks, Rita");
      await expect(onTimeline).toContainText("Sent", { timeout: 15_000 });
      await expectNoAxeViolations(page, "sent");
      await page.screenshot({ path: path.join(SCREENS, `staff-email-${viewport.name}.png`) });

      // In the outbox: to the lead, replies to the manager.
      const raw = await mailTo(email, "Thanks, Rita");
      expect(raw).toMatch(new RegExp(`^Reply-To: ${manager.email.replace(/\./g, "\\.")}$`, "m"));
    });
  });
}
