import path from "node:path";
import { displaySlot } from "@agency/domain";
import {
  type Account,
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, openDay } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Issue 14: staff enter a lead taken by phone or at the office, and correct a lead's
 * contact details, by keyboard, at 1280 and 375 px (decision 0031). Each test works on
 * records with its own unique name (tests share the database with the other specs).
 */

const SHOTS = path.join(import.meta.dirname, "test-results", "lead-entry");

let admin: Account;
test.beforeAll(() => {
  admin = createAccount("admin");
});

const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

/** Presses Tab until the control with this accessible name has focus (at most 40 times). */
async function tabTo(page: Page, locator: ReturnType<Page["getByLabel"]>): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await locator.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(locator).toBeFocused();
}

async function openAddLead(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Add lead" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByRole("heading", { name: "Add a lead" })).toBeVisible();
}

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "375", width: 375, height: 740 },
] as const) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Typed key by key on a machine shared by many runs: more than the default 30 s.
    test.describe.configure({ timeout: 90_000 });

    test("enters a message taken by phone, keeping what was typed through a refusal", async ({
      page,
    }) => {
      const last = uniqueTag("Ph");
      await signIn(page, admin);
      await openDashboard(page, "overview");
      await openAddLead(page);
      const form = dialog(page);
      // Focus starts on the kind; Message is chosen, the source is a phone call.
      await expect(form.getByRole("radio", { name: "Message" })).toBeFocused();
      await expect(form.getByRole("radio", { name: "Message" })).toBeChecked();
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("How it came in")).toBeFocused();
      await expect(form.getByLabel("How it came in")).toHaveValue("phone");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Maria");
      await page.keyboard.press("Tab");
      await page.keyboard.type(last);
      await page.keyboard.press("Tab");
      await page.keyboard.type(`${last.toLowerCase()}@example.com`);
      await page.keyboard.press("Tab");
      await page.keyboard.type("555-0382"); // too short: refused below
      await page.keyboard.press("Tab");
      await page.keyboard.type("Home");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Called about insuring the new house.");
      await page.keyboard.press("Tab");
      const notify = form.getByRole("checkbox", { name: "Notify customer by email" });
      await expect(notify).toBeFocused();
      await expect(notify).not.toBeChecked();
      await tabTo(page, form.getByRole("button", { name: "Save lead" }));
      await page.keyboard.press("Enter");

      const phone = form.getByLabel("Phone");
      await expect(phone).toBeFocused();
      await expect(
        form.getByText("Invalid phone number format (10 digits required)"),
      ).toBeVisible();
      await expect(form.getByLabel("First name")).toHaveValue("Maria");
      await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue(
        "Called about insuring the new house.",
      );
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `message-error-${viewport.name}.png`) });

      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("(612) 555-0382");
      await tabTo(page, form.getByRole("button", { name: "Save lead" }));
      await page.keyboard.press("Enter");

      await expect(
        toast(page, `Message for Maria ${last} saved. No email was sent.`),
      ).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
      // The new lead's own page opens, marked as a phone call.
      await expect(page).toHaveURL(/\/dashboard\/contacts\/[\w-]+$/);
      const lead = page.getByRole("article");
      await expect(lead.getByRole("heading", { level: 2, name: `Maria ${last}` })).toBeVisible();
      await expect(lead).toContainText("(612) 555-0382");
      await expect(lead).toContainText("Called about insuring the new house.");
      await expect(lead).toContainText("Phone call");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `message-saved-${viewport.name}.png`) });

      // Its email corrected on the same page, by keyboard.
      await lead.getByRole("button", { name: `Edit contact details of Maria ${last}` }).focus();
      await page.keyboard.press("Enter");
      await tabTo(page, dialog(page).getByLabel("Email", { exact: true }));
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(`maria.${last.toLowerCase()}@example.org`);
      await page.keyboard.press("Enter");
      await expect(toast(page, "Contact details saved.")).toBeVisible();
      await expect(lead).toContainText(`maria.${last.toLowerCase()}@example.org`);
    });

    test("saves a message taken by phone with no email (issue 27)", async ({ page }) => {
      const last = uniqueTag("Ne");
      await signIn(page, admin);
      await openDashboard(page, "overview");
      await openAddLead(page);
      const form = dialog(page);
      await expect(form.getByRole("textbox", { name: "Email (optional)" })).not.toHaveAttribute(
        "required",
      );
      await expect(
        form.getByText("Leave empty if the customer gave only a phone number."),
      ).toBeVisible();
      await form.getByLabel("First name").fill("Nadia");
      await form.getByLabel("Last name").fill(last);
      await form.getByLabel("Phone").fill("(612) 555-0419");
      await form.getByLabel("Subject").selectOption({ label: "Home Insurance" });
      await form.getByRole("textbox", { name: "Message" }).fill("Walked through her options.");
      await form.getByRole("button", { name: "Save lead" }).click();

      await expect(
        toast(page, `Message for Nadia ${last} saved. No email was sent.`),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/contacts\/[\w-]+$/);
      const lead = page.getByRole("article");
      await expect(lead.getByRole("heading", { level: 2, name: `Nadia ${last}` })).toBeVisible();
      await expect(lead).toContainText("(612) 555-0419");
      await expect(lead).toContainText("No email");
      // Reply is there but disabled, with the reason; the timeline says why it is empty.
      await expect(lead.getByRole("button", { name: `Reply to Nadia ${last}` })).toBeDisabled();
      await expect(lead).toContainText("No email on file: call instead.");
      await expect(lead).toContainText("No email on file. The timeline gathers");
      await expect(lead.getByRole("link", { name: "Email this prospect" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `no-email-${viewport.name}.png`) });

      // The list shows it too, with "No email" instead of the address.
      await openDashboard(page, `contacts?q=${last}`);
      await expect(page.getByText(`Nadia ${last}`).first()).toBeVisible();
      await expect(page.getByText("No email").first()).toBeVisible();
    });

    test("enters a walk-in booking on a free slot and ticks the confirmation email", async ({
      page,
    }) => {
      const name = `Ahmed ${uniqueTag("Bk")}`;
      // An open day of its own, clear of the other specs' bookings and of the other width's
      // run of this test (both take the first free time, at the same moment).
      const date = openDay((viewport.name === "1280" ? 40 : 48) + Math.floor(Math.random() * 8));
      const [year, month, day] = date.split("-");
      await signIn(page, admin);
      await openDashboard(page, "overview");
      await openAddLead(page);
      const form = dialog(page);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(form.getByRole("radio", { name: "Booking" })).toBeChecked();
      await page.keyboard.press("Tab");
      await page.keyboard.type("Walk");
      await expect(form.getByLabel("How it came in")).toHaveValue("walk-in");
      await page.keyboard.press("Tab");
      await page.keyboard.type(name);
      await page.keyboard.press("Tab");
      await page.keyboard.type("ahmed.walkin@example.com");
      await page.keyboard.press("Tab");
      await page.keyboard.type("(651) 555-0142");
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Date")).toBeFocused();
      await page.keyboard.type(`${month}${day}${year}`);
      await expect(form.getByLabel("Date")).toHaveValue(date);
      await tabTo(page, form.getByLabel("Insurance type"));
      await page.keyboard.type("Busi");
      await expect(form.getByText(/times are free on this day/)).toBeVisible();
      await page.keyboard.press("Tab");
      const chosen = form.getByRole("radio", { checked: false }).and(page.locator(":focus"));
      await expect(chosen).toHaveCount(1);
      await page.keyboard.press("Space");
      const time = await form.locator("input[name=time]:checked").inputValue();
      await tabTo(page, form.getByRole("checkbox", { name: "Notify customer by email" }));
      await page.keyboard.press("Space");
      await expect(form.getByRole("checkbox", { name: "Notify customer by email" })).toBeChecked();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `booking-form-${viewport.name}.png`) });
      await tabTo(page, form.getByRole("button", { name: "Save lead" }));
      await page.keyboard.press("Enter");

      await expect(
        toast(page, `Booking for ${name} saved. The customer will get the confirmation email.`),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/appointments\/[\w-]+$/);
      const lead = page.getByRole("article");
      await expect(lead.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(lead).toContainText(displaySlot(time));
      await expect(lead).toContainText("Walk-in");
      await page.screenshot({ path: path.join(SHOTS, `booking-saved-${viewport.name}.png`) });
    });

    test("enters a quote request on one page and shows the server's estimate", async ({ page }) => {
      const last = uniqueTag("Qt");
      await signIn(page, admin);
      await openDashboard(page, "overview");
      await openAddLead(page);
      const form = dialog(page);
      await form.getByRole("radio", { name: "Quote request" }).check();
      await form.getByLabel("How it came in", { exact: true }).selectOption("email");
      await form.getByLabel("First name", { exact: true }).fill("Olga");
      await form.getByLabel("Last name", { exact: true }).fill(last);
      await form
        .getByLabel("Email (optional)", { exact: true })
        .fill(`${last.toLowerCase()}@example.com`);
      await form.getByLabel("Phone", { exact: true }).fill("6125550164");
      await form.getByLabel("Date of birth", { exact: true }).fill("1979-08-14");
      await form.getByLabel("Street address", { exact: true }).fill("215 Main St");
      await form.getByLabel("City", { exact: true }).fill("Duluth");
      await form.getByLabel("ZIP code", { exact: true }).fill("55802");
      await form.getByLabel("Year", { exact: true }).selectOption("2019");
      await form.getByLabel("Make", { exact: true }).selectOption("Toyota");
      await form.getByLabel("Body type", { exact: true }).selectOption("Sedan");
      await form.getByLabel("Annual mileage", { exact: true }).selectOption("8,000-11,999");
      await form.getByLabel("License number", { exact: true }).fill("O123456789012");
      await form.getByLabel("License state", { exact: true }).selectOption("MN");
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: path.join(SHOTS, `quote-form-${viewport.name}.png`),
        fullPage: true,
      });
      await form.getByRole("button", { name: "Save lead" }).click();

      await expect(toast(page, `Quote request for Olga ${last} saved.`)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/quotes\/[\w-]+$/);
      const lead = page.getByRole("article");
      await expect(lead.getByRole("heading", { level: 2, name: `Olga ${last}` })).toBeVisible();
      await expect(lead).toContainText(/\$\d+\.\d{2}\/mo estimate/);
      await expect(lead).toContainText("Email");
    });

    test("edits a message's phone number from the list", async ({ page }) => {
      const last = uniqueTag("Ed");
      await sendMessage(page.request, {
        firstName: "Lena",
        lastName: last,
        email: `${last.toLowerCase()}@example.com`,
        message: "Please call me back about renters insurance.",
        phone: "6125550123",
      });
      await signIn(page, admin);
      await openDashboard(page, "contacts");
      await page.getByLabel("Search contacts").fill(last);
      const card = page.getByRole("listitem").filter({ hasText: `Lena ${last}` });
      await expect(card).toContainText("(612) 555-0123");
      const edit = card.getByRole("button", { name: `Edit contact details of Lena ${last}` });
      await edit.focus();
      await page.keyboard.press("Enter");
      const form = dialog(page);
      await expect(form.getByRole("heading", { name: "Edit contact details" })).toBeVisible();
      await tabTo(page, form.getByLabel("Phone"));
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("12");
      await page.keyboard.press("Enter");
      await expect(
        form.getByText("Invalid phone number format (10 digits required)"),
      ).toBeVisible();
      await expect(form.getByLabel("Phone")).toBeFocused();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `edit-error-${viewport.name}.png`) });
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("763-555-0177");
      await page.keyboard.press("Enter");

      await expect(toast(page, "Contact details saved.")).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
      await expect(card).toContainText("(763) 555-0177");
      await expect(edit).toBeFocused();
      // Search finds the lead by its new number, in any format.
      await page.getByLabel("Search contacts").fill("763.555.0177");
      await expect(card).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `edit-saved-${viewport.name}.png`) });
    });
  });
}
