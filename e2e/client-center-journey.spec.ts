import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import {
  daysAfterToday,
  expectNoHorizontalScroll,
  skipCookieBanner,
  uniquePhone,
  VIEWPORTS,
} from "./support/forms.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 29's journey (§3): a client reports a claim with a photo on the Client Center; an
 * agent finds it in the service pipeline, opens the photo, writes to the client from the
 * request (the email is on the request, on the client's timeline and in the outbox), and
 * marks it Done. At 1280 and 375 px.
 */

test.describe.configure({ timeout: 150_000 });

/** A photo by its content: a JPEG's first bytes, then filler. */
function photo(): Buffer {
  const bytes = Buffer.alloc(60_000, 3);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]).copy(
    bytes,
  );
  return bytes;
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
          if (raw.includes(`To: ${address}`) && raw.includes(subject)) found = raw;
        }
        return found;
      },
      { timeout: 20_000, message: `the email to ${address}` },
    )
    .toBeTruthy();
  return found;
}

let agent: Account;
test.beforeAll(() => {
  agent = createAccount("agent");
});

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a client reports a claim with a photo; an agent opens it, writes back and marks it Done", async ({
      browser,
      page,
    }) => {
      const tag = uniqueTag("Cc");
      const email = `sam.${tag.toLowerCase()}@example.com`;
      const bytes = photo();

      // The client, on the public site.
      await skipCookieBanner(page);
      await page.goto("/client-center");
      const claim = page.getByRole("region", { name: "Report a claim" });
      const form = claim.getByRole("form");
      await form.getByLabel("Your name").fill(`Sam ${tag}`);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Phone").fill(uniquePhone());
      await form.getByLabel("Insurance company").selectOption("Not sure");
      await form.getByLabel("Date of the loss").fill(daysAfterToday(-1));
      await form.getByLabel("Where it happened").fill("Lake St and Hiawatha Ave, Minneapolis");
      await form.getByLabel("What happened").fill("A truck backed into my parked car. Ō ✓");
      await form.getByLabel("Was anyone hurt?").selectOption("no");
      await form
        .getByLabel(/^Photos or documents/)
        .setInputFiles([{ name: "dent.jpg", mimeType: "image/jpeg", buffer: bytes }]);
      await expect(form.getByRole("list", { name: "Files to send" })).toContainText("dent.jpg");
      await form.getByRole("button", { name: "Send claim notice" }).click();
      const answer = form.getByRole("status").filter({ hasText: /SR-\d{4}-\d{6}/ });
      await expect(answer).toBeVisible({ timeout: 20_000 });
      const reference = (await answer.textContent())?.match(/SR-\d{4}-\d{6}/)?.[0] ?? "";
      expect(reference).not.toBe("");
      // The client's confirmation names the reference.
      await mailTo(email, reference);

      // The agent, in the dashboard.
      const staff = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const desk = await staff.newPage();
      await signIn(desk, agent);
      await openDashboard(desk, "service");
      await desk.getByLabel("Search requests").fill(reference);
      // The list has read the search (the address says so) before its link is followed.
      await expect(desk).toHaveURL(new RegExp(`[?&]q=${reference}`));
      await desk.getByRole("link", { name: reference }).click();
      await expect(desk.getByRole("heading", { level: 2, name: reference })).toBeVisible();
      await expect(desk.getByText("A truck backed into my parked car. Ō ✓")).toBeVisible();

      // The photo, byte for byte.
      const [download] = await Promise.all([
        desk.waitForEvent("download"),
        desk.getByRole("link", { name: /dent\.jpg/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("dent.jpg");
      expect((await readFile(await download.path())).equals(bytes)).toBe(true);

      // Writing to the client from the request: the subject carries the reference.
      await desk.getByRole("button", { name: "Write an email" }).click();
      const subject = desk.getByLabel("Subject", { exact: true });
      await expect(subject).toHaveValue(new RegExp(reference));
      await subject.fill(`Your request ${reference}: claim filed with the carrier`);
      await desk
        .getByRole("textbox", { name: "Message", exact: true })
        .fill("We filed your claim with the carrier; an adjuster will call you within 2 days.");
      await desk.getByRole("button", { name: /^Send email/ }).click();
      const emails = desk.getByRole("list", { name: `Emails to request ${reference}` });
      await expect(emails).toContainText("claim filed with the carrier");
      const timeline = desk.getByRole("region", { name: "Prospect timeline" });
      await expect(
        timeline.getByRole("list", { name: "Emails about this service request" }),
      ).toContainText("claim filed with the carrier", { timeout: 20_000 });
      await mailTo(email, "claim filed with the carrier");

      // Done.
      await desk.getByLabel(/^Status/).selectOption("done");
      await expect(desk.getByRole("button", { name: /Send done note/ })).toBeVisible();
      await expectNoHorizontalScroll(desk);
      await expectNoAxeViolations(desk, "the request, done");
      await desk.reload();
      await expect(desk.getByLabel(/^Status/)).toHaveValue("done", { timeout: 20_000 });
      await staff.close();
    });
  });
}
