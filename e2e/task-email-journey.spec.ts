import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AGENCY, TASK_GROUP_LABELS } from "@agency/domain";
import {
  type Account,
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { daysAfterToday, expectNoHorizontalScroll, VIEWPORTS } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * An agent's day with one person (issue 27 §5): a task for 3 PM on the person's lead, seen
 * in My tasks and completed there; then an email to the person from their page, seen on the
 * person's timeline with its delivery state and in the outbox (from the agency, Reply-To the
 * agent); at 1280 and 375 px. The agent is not a manager: the task is their own.
 */

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The Central hour and minute now, as the agency's clock says. */
function centralMinutesNow(): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: AGENCY.timeZone,
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(new Date());
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/**
 * The day of a 3:00 PM Central task still to come: today until shortly before 3 PM (a
 * margin so the task cannot turn overdue while the test runs), tomorrow after.
 */
function threePmDay(): { date: string; badge: string; group: string } {
  // The task's badge says "Due today"; My tasks heads the group "Today" (TASK_GROUP_LABELS).
  return centralMinutesNow() < 14 * 60 + 45
    ? { date: daysAfterToday(0), badge: "Due today", group: TASK_GROUP_LABELS.today }
    : { date: daysAfterToday(1), badge: "Upcoming", group: TASK_GROUP_LABELS.upcoming };
}

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

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    /** A dashboard section from the sidebar, or from the menu on a phone. */
    async function goTo(page: Page, name: string): Promise<void> {
      if (viewport.width < 768) {
        await page.getByRole("button", { name: "Dashboard menu" }).click();
        await page
          .getByRole("dialog", { name: "Dashboard menu" })
          .getByRole("link", { name, exact: true })
          .click();
      } else {
        await page
          .getByRole("navigation", { name: "Dashboard" })
          .getByRole("link", { name, exact: true })
          .click();
      }
    }

    test("an agent sets a task for 3 PM, completes it, emails the person and sees the email on the timeline and in the outbox", async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const agent: Account = createAccount("agent");
      const tag = uniqueTag("Tj");
      const email = `nora.${tag.toLowerCase()}@example.com`;
      const leadId = await sendMessage(request, {
        firstName: "Nora",
        lastName: tag,
        email,
        message: "Please call me about insuring our new house.",
      });
      const name = `Nora ${tag}`;
      const due = threePmDay();
      const taskText = `Call ${name} back about the house`;

      // The task, on the lead's page: 3:00 PM Central, the agent's own (no staff picker).
      await signIn(page, agent);
      await openDashboard(page, `contacts/${leadId}`);
      const lead = page.getByRole("article", { name });
      await expect(lead.getByRole("heading", { level: 2, name })).toBeVisible();
      const work = lead.getByRole("region", { name: `Work on ${name}'s message` });
      await expect(work.getByText("No open tasks.")).toBeVisible();
      await expect(work.getByLabel(/^For/)).toHaveCount(0);
      await work.getByLabel("What to do").fill(taskText);
      await work.getByLabel(/^Due date/).fill(due.date);
      await work.getByLabel(/^Time \(Central\)/).fill("15:00");
      await work.getByRole("button", { name: /^Add task/ }).click();
      await expect(toast(page, "Task added.")).toBeVisible();
      const onLead = work
        .getByRole("list", { name: `Open tasks on ${name}'s message` })
        .getByRole("listitem");
      await expect(onLead).toHaveCount(1);
      await expect(onLead).toContainText(taskText);
      await expect(onLead).toContainText(due.badge);
      await expect(onLead).toContainText(/3:00\s?PM C[DS]T/);
      await expect(onLead).toContainText("You");
      await expectNoHorizontalScroll(page);

      // My tasks on the overview lists it under its group, with its time and its lead.
      await goTo(page, "Dashboard");
      const myTasks = page.getByRole("region", { name: /^My tasks/ });
      const group = myTasks.getByRole("region", { name: new RegExp(`^${due.group}`) });
      const mine = group.getByRole("listitem").filter({ hasText: taskText });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(/3:00\s?PM C[DS]T/);
      await expect(mine.getByRole("link", { name })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: path.join(SCREENS, `task-email-my-tasks-${viewport.name}.png`),
        fullPage: true,
      });

      // Completed from there: it leaves the open tasks and shows among the done ones.
      await mine.getByRole("button", { name: /^Complete/ }).click();
      await expect(toast(page, `Done: ${taskText}.`)).toBeVisible();
      await expect(myTasks.getByRole("listitem").filter({ hasText: taskText })).toHaveCount(0);
      await myTasks.getByRole("link", { name: "All my tasks" }).click();
      await expect(page).toHaveURL(/\/dashboard\/tasks$/);
      await page.getByRole("button", { name: "Done", exact: true }).click();
      const done = page.getByRole("list", { name: "Done tasks" }).getByRole("listitem");
      await expect(done.filter({ hasText: taskText })).toContainText("Done");
      await expect(
        done.filter({ hasText: taskText }).getByRole("button", { name: /^Reopen/ }),
      ).toBeVisible();

      // Its lead says so too, and links to the person behind it.
      await done.filter({ hasText: taskText }).getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/contacts/${leadId}$`));
      await expect(work.getByText("No open tasks.")).toBeVisible();
      await work.getByRole("button", { name: "Show 1 done" }).click();
      await expect(
        work.getByRole("list", { name: `Done tasks on ${name}'s message` }),
      ).toContainText(taskText);
      await lead.getByRole("link", { name: `${name} (their details and every lead)` }).click();
      await expect(page).toHaveURL(/\/dashboard\/people\/[^/?]+$/);

      // The email, written on the person's page.
      const person = page.getByRole("article", { name });
      await expect(person.getByRole("heading", { level: 2, name })).toBeVisible();
      const emails = person.getByRole("region", { name: "Emails" });
      await emails.getByRole("button", { name: /^Write an email/ }).click();
      const subject = `Your house insurance ${tag}`;
      await emails.getByLabel("Subject", { exact: true }).fill(subject);
      await emails
        .getByRole("textbox", { name: "Message", exact: true })
        .fill("Hi Nora,\nThanks for the call. The quote for the house follows tomorrow.");
      await expectNoHorizontalScroll(page);
      await emails.getByRole("button", { name: /^Send email/ }).click();
      await expect(toast(page, "Email queued")).toBeVisible();

      // On the person's timeline: its text, its sender and its state (queued, then sent).
      const onTimeline = person
        .getByRole("region", { name: "Timeline" })
        .getByRole("list", { name: "Emails to this person" })
        .getByRole("listitem")
        .filter({ hasText: subject });
      await expect(onTimeline).toHaveCount(1);
      await expect(onTimeline).toContainText("Thanks for the call.");
      await expect(onTimeline).toContainText(`${agent.firstName} ${agent.lastName}`);
      await expect(onTimeline).toContainText(/Queued|Sent/);
      await expect(onTimeline).toContainText("Sent", { timeout: 15_000 });
      await expect(
        emails.getByRole("list", { name: `Emails to ${name}` }).getByRole("listitem"),
      ).toContainText("Sent");
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: path.join(SCREENS, `task-email-person-${viewport.name}.png`),
        fullPage: true,
      });

      // In the outbox: to the person, from the agency, replies to the agent.
      const raw = await mailTo(email, subject);
      expect(raw).toMatch(new RegExp(`^Reply-To: ${agent.email.replace(/\./g, "\\.")}$`, "m"));
      expect(raw).not.toMatch(new RegExp(`^From: .*${agent.email.replace(/\./g, "\\.")}`, "m"));
      expect(raw).toContain("Thanks for the call.");
    });
  });
}
