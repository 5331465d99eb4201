import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, uniquePhone, watchCspViolations } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The service pipeline (issue 29 §2): a Client Center request is on /dashboard/service; an
 * agent opens it, downloads its photo, marks it Done and sends the done note once. At 1280
 * and 375 px.
 */

test.describe.configure({ timeout: 120_000 });

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `service-${name}.png`), fullPage: true });

/** A JPEG's first bytes (the server sniffs the type from them), then filler. */
function photo(): Buffer {
  const bytes = Buffer.alloc(40_000, 7);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]).copy(
    bytes,
  );
  return bytes;
}

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

    test("an agent works a request: the list, its page, the photo, Done and the done note", async ({
      page,
      request,
    }) => {
      const problems = await watchCspViolations(page);
      const tag = uniqueTag();
      const bytes = photo();
      const sent = await request.post("/api/client-center/requests", {
        headers: { "idempotency-key": randomUUID() },
        data: {
          kind: "claim",
          name: `Ana ${tag}`,
          email: `ana.${tag.toLowerCase()}@example.com`,
          phone: uniquePhone(),
          carrier: "Not sure",
          policyNumber: "",
          lossDate: "2026-11-27",
          lossPlace: "Snelling Ave and University Ave, Saint Paul",
          description: "Rear-ended at a red light.",
          injuries: "no",
          policeReport: "",
          attachments: [{ name: "bumper.jpg", data: bytes.toString("base64") }],
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const { reference } = ((await sent.json()) as { data: { reference: string } }).data;

      await signIn(page, agent);
      await openDashboard(page, "service");
      await page.getByLabel("Search requests").fill(tag);
      const link = page.getByRole("link", { name: reference });
      await expect(link).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "service list");
      await shot(page, `list-${label}`);

      await link.click();
      await expect(page.getByRole("heading", { level: 2, name: reference })).toBeVisible();
      await expect(page.getByText("Anyone hurt")).toBeVisible();
      const file = page.getByRole("link", { name: /bumper\.jpg/ });
      const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
      expect(download.suggestedFilename()).toBe("bumper.jpg");
      expect((await readFile(await download.path())).equals(bytes)).toBe(true);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, "service request");

      await page.getByLabel(/^Status/).selectOption("done");
      const offer = page.getByRole("button", { name: /Send done note/ });
      await offer.click();
      const subject = page.getByLabel("Subject");
      await expect(subject).toBeFocused();
      await expect(subject).toHaveValue(new RegExp(reference));
      await expectNoAxeViolations(page, "done note");
      await shot(page, `done-note-${label}`);
      await page.getByRole("button", { name: /^Send email/ }).click();
      await expect(
        page.getByRole("list", { name: `Emails to request ${reference}` }),
      ).toBeVisible();
      await expect(offer).toHaveCount(0);
      // Read again: the note is not offered a second time.
      await page.reload();
      // The page reads its emails after the request (slow on a busy machine).
      await expect(page.getByRole("list", { name: `Emails to request ${reference}` })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole("button", { name: /Send done note/ })).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  });
}
