import { CONTACT_CONSENT_VERSION, contactConsentText, PRIVACY_NOTICE } from "@agency/domain";
// Playwright's own `test`: support/test.ts's pages wait for hydration after `goto`, and
// these tests type while the page's scripts are held back on purpose.
import { expect, type Page, type Request, test } from "@playwright/test";
import { createStaff, LOGIN_PATH } from "./support/auth.ts";
import { openDay, skipCookieBanner, uniquePhone, VIEWPORTS } from "./support/forms.ts";

/**
 * Nothing a person types is lost (issue 24 §1, decision 0049): on a phone-speed CPU
 * (Chromium's 6× slowdown) a visitor types, ticks, chooses and presses the button of each
 * prerendered form before its scripts run. When they do, every answer is still on screen
 * and in the form's state (what the server receives), and the press happens, once.
 *
 * The scripts are held back until the typing is done, so the test does not depend on how
 * fast this machine is. (The quote dialog and the forgot-password form are not in the
 * prerendered pages: they open with a press that needs the scripts.)
 */

const CPU_SLOWDOWN = 6;

/** Holds every script of the site until `release()`; the page's HTML and styles come at once. */
async function openWithScriptsHeld(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
  return {
    /** Lets the scripts load and waits until the page is live. */
    async goLive() {
      release();
      await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
      // Hydration ran at phone speed; what follows needs no slowdown.
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
  };
}

/** Every POST to `path`, with its JSON body. */
function watchPosts(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) sent.push(request);
  });
  return sent;
}

// A phone-speed CPU makes each page take seconds to become live.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

for (const viewport of VIEWPORTS) {
  test.describe(`typed before the scripts run, at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("contact form: every answer is kept and the early Send sends it once", async ({
      page,
    }) => {
      const sent = watchPosts(page, "/api/contacts/send-contact");
      const early = await openWithScriptsHeld(page, "/contact-us");
      const form = page.locator("form#contactForm");
      await form.getByLabel("First name").fill("Zoë");
      await form.getByLabel("Last name").fill("Nguyễn-O'Brien");
      await form.getByLabel("Email").fill("zoe.nguyen@example.com");
      await form.getByLabel("Phone").fill("6125550123");
      await form.getByLabel("Subject").selectOption("Home Insurance");
      await form.getByLabel("Message").fill("Bonjour 👋 — 住宅保険 for a duplex?");
      await form.getByLabel("I'm not a robot").check();
      // The optional call/text consent, ticked early, is kept too (decision 0080).
      await form.getByLabel(contactConsentText()).check();
      await form.getByRole("button", { name: "Send Message" }).click();
      // Held, not sent natively: still this page, nothing in the address bar.
      expect(new URL(page.url()).search).toBe("");

      await early.goLive();
      await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.postDataJSON()).toMatchObject({
        firstName: "Zoë",
        lastName: "Nguyễn-O'Brien",
        email: "zoe.nguyen@example.com",
        phone: "6125550123",
        subject: "Home Insurance",
        message: "Bonjour 👋 — 住宅保険 for a duplex?",
        notRobot: true,
        privacy: {
          noticeVersion: PRIVACY_NOTICE.version,
          contactConsent: true,
          consentVersion: CONTACT_CONSENT_VERSION,
          form: "contact",
          page: "/contact-us",
        },
      });
    });

    test("Client Center claim notice: answers and a photo chosen early are sent once", async ({
      page,
    }) => {
      const sent = watchPosts(page, "/api/client-center/requests");
      const early = await openWithScriptsHeld(page, "/client-center");
      const form = page.locator("form#service-claim-form");
      await form.getByLabel("Your name").fill("Zoë Nguyễn");
      await form.getByLabel("Email", { exact: true }).fill("zoe.nguyen@example.com");
      await form.getByLabel("Phone").fill("6125550125");
      await form.getByLabel("Insurance company").selectOption("Not sure");
      await form.getByLabel("Date of the loss").fill("2026-11-20");
      await form.getByLabel("Where it happened").fill("Lake St & Hennepin Ave");
      await form.getByLabel("What happened").fill("Rear-ended at a light 🚗");
      await form.getByLabel("Was anyone hurt?").selectOption("no");
      await form.getByLabel(/^Photos or documents/).setInputFiles({
        name: "bumper.png",
        mimeType: "image/png",
        buffer: Buffer.from([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 9, 9, 9, 9,
        ]),
      });
      await form.getByRole("button", { name: "Send claim notice" }).click();
      expect(new URL(page.url()).search).toBe("");

      await early.goLive();
      await expect(form.getByText("Request received")).toBeVisible();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.postDataJSON()).toMatchObject({
        kind: "claim",
        name: "Zoë Nguyễn",
        email: "zoe.nguyen@example.com",
        phone: "6125550125",
        carrier: "Not sure",
        lossDate: "2026-11-20",
        lossPlace: "Lake St & Hennepin Ave",
        description: "Rear-ended at a light 🚗",
        injuries: "no",
        attachments: [{ name: "bumper.png" }],
      });
    });

    test("contact form: what was typed stays on screen and in the form after the scripts start", async ({
      page,
    }) => {
      const sent = watchPosts(page, "/api/contacts/send-contact");
      const early = await openWithScriptsHeld(page, "/contact-us");
      const form = page.locator("form#contactForm");
      await form.getByLabel("First name").fill("Åsa");
      await form.getByLabel("Last name").fill("Lindqvist");
      await form.getByLabel("Message").fill("Ring mig gärna.");
      await early.goLive();
      await expect(form).toHaveAttribute("data-ready", "true");
      await expect(form.getByLabel("First name")).toHaveValue("Åsa");
      await expect(form.getByLabel("Last name")).toHaveValue("Lindqvist");
      await expect(form.getByLabel("Message")).toHaveValue("Ring mig gärna.");

      // And in the form's state: the rest typed live, the message sent holds all of it.
      await form.getByLabel("Email").fill("asa@example.com");
      await form.getByLabel("Phone").fill("6125550124");
      await form.getByLabel("Subject").selectOption("Other");
      await form.getByLabel("I'm not a robot").check();
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
      expect(sent[0]?.postDataJSON()).toMatchObject({
        firstName: "Åsa",
        lastName: "Lindqvist",
        message: "Ring mig gärna.",
      });
    });

    test("booking form: the answers are kept and the early press checks them", async ({ page }) => {
      const sent = watchPosts(page, "/api/appointments/add-appointment");
      const early = await openWithScriptsHeld(page, "/appointments");
      const form = page.locator("form#appointment_form");
      const email = `jose.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const phone = uniquePhone().replace(/\D/g, "");
      const date = openDay(viewport.width > 800 ? 3 : 4);
      await form.getByLabel("Full name").fill("José Muñoz");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Phone number").fill(phone);
      await form.getByLabel("Preferred date").fill(date);
      await form.getByLabel("Insurance type").selectOption("Home Insurance");
      await form.getByLabel("Message").fill("Quisiera revisar mi póliza de hogar.");
      await form.getByRole("button", { name: /Schedule|Book/ }).click();

      await early.goLive();
      // The press happened: no time could be chosen before the scripts, so it says so.
      await expect(form.getByText("Time slot is required")).toBeVisible();
      await expect(form.getByLabel("Full name")).toHaveValue("José Muñoz");
      await expect(form.getByLabel("Preferred date")).toHaveValue(date);
      await expect(form.getByLabel("Insurance type")).toHaveValue("Home Insurance");
      expect(sent).toHaveLength(0);

      await expect(form.getByText(/times are free on this day/)).toBeVisible();
      await form.getByRole("radio", { disabled: false }).first().check();
      await form.getByRole("button", { name: /Schedule|Book/ }).click();
      await expect(page.getByText("Thank You!")).toBeVisible();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.postDataJSON()).toMatchObject({
        name: "José Muñoz",
        email,
        phone,
        date,
        service: "Home Insurance",
        message: "Quisiera revisar mi póliza de hogar.",
      });
    });

    test("quote wizard: the first step's answers are kept and the early Continue moves on", async ({
      page,
    }) => {
      const early = await openWithScriptsHeld(page, "/get-quote-today");
      const step = page.getByRole("form", { name: "Your Info" });
      await step.getByLabel("First name").fill("Øystein");
      await step.getByLabel("Last name").fill("Ødegård");
      await step.getByLabel("Email").fill("oystein@example.com");
      await step.getByLabel("Phone").fill("6125550125");
      await step.getByLabel("Street address").fill("12 Lyngblomstvegen");
      await step.getByLabel("City").fill("Minneapolis");
      await step.getByLabel("ZIP code").fill("55408");
      await step.getByLabel("Date of birth").fill("1980-02-29");
      await step.getByRole("button", { name: "Continue" }).click();

      await early.goLive();
      await expect(
        page.getByRole("heading", { level: 2, name: "Vehicle", exact: true }),
      ).toBeVisible();
      // The first driver was filled from the answers, as when they are typed live.
      await page.getByRole("button", { name: "Back" }).click();
      await expect(step.getByLabel("First name")).toHaveValue("Øystein");
      await expect(step.getByLabel("Last name")).toHaveValue("Ødegård");
      await expect(step.getByLabel("Date of birth")).toHaveValue("1980-02-29");
      await expect(step.getByLabel("Phone")).toHaveValue("(612) 555-0125");
    });

    test("sign-in: the email and password (typed or filled by a password manager) sign in", async ({
      page,
    }) => {
      const staff = await createStaff("agent");
      const early = await openWithScriptsHeld(page, LOGIN_PATH);
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(staff.email);
      await page.getByLabel("Password", { exact: true }).fill(staff.password);
      await page.getByRole("checkbox", { name: "Remember me" }).check();
      await page.getByRole("button", { name: "Sign In" }).click();
      await early.goLive();
      await expect(page).toHaveURL(/\/dashboard/);
    });

    test("sign-in: a wrong password keeps the email on screen with the server's answer", async ({
      page,
    }) => {
      const early = await openWithScriptsHeld(page, LOGIN_PATH);
      const email = page.getByRole("textbox", { name: "Email", exact: true });
      await email.fill("nobody.here@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await early.goLive();
      await expect(page.getByText("Invalid email or password")).toBeVisible();
      await expect(email).toHaveValue("nobody.here@example.com");
      await expect(page.getByText("Email is required")).toHaveCount(0);
    });

    test("new password: both fields are kept and the early press reaches the server", async ({
      page,
    }) => {
      const early = await openWithScriptsHeld(
        page,
        "/reset-password?token=this-link-was-never-sent-by-the-agency-0000",
      );
      await page.getByLabel("New password", { exact: true }).fill("ein langes Passwort ✓");
      await page.getByLabel(/Confirm/).fill("ein langes Passwort ✓");
      await page.getByRole("button", { name: "Save password" }).click();
      await early.goLive();
      await expect(page.getByText(/This link is invalid or has expired/)).toBeVisible();
      await expect(page.getByLabel("New password", { exact: true })).toHaveValue(
        "ein langes Passwort ✓",
      );
    });
  });
}
