import { expectInPlainView, skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The quote wizard, the contact form and the booking form load their rules (the domain's zod schemas) when
 * the visitor first touches the form, not with the page (docs/performance.md): a phone
 * that only shows the page never runs them. These tests hold that, and that a visitor
 * faster than the rules, or cut off from them, still gets a working form.
 */

/** The form rules' scripts: zod with the shared rules, and each form's own checks. */
const RULES_SCRIPT =
  /\/assets\/(schema-helpers|validation|contact-rules|appointment-rules)-[\w-]+\.js$/;

function watchRulesScripts(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (RULES_SCRIPT.test(pathname)) requested.push(pathname);
  });
  return requested;
}

async function openReady(page: Page, path: string, readySelector: string) {
  await skipCookieBanner(page);
  await page.goto(path);
  await expect(page.locator(readySelector)).toBeAttached();
  // Every script the page starts with has run (hydration) and the network is quiet.
  await page.waitForLoadState("networkidle");
}

test.describe("the quote wizard's rules", () => {
  test("load at the first touch, and the first field left shows its message", async ({ page }) => {
    const requested = watchRulesScripts(page);
    await openReady(page, "/get-quote-today", '[data-ready="true"]');
    expect(requested, "rules loaded before the visitor touched the form").toEqual([]);

    const info = page.getByRole("form", { name: "Your Info" });
    const firstName = info.getByLabel("First name");
    await firstName.focus();
    await firstName.blur();
    await expect(firstName).toHaveAccessibleDescription("First name is required");
    expect(requested.length).toBeGreaterThan(0);
  });

  test("Continue pressed before the rules arrive waits for them and shows the step's messages", async ({
    page,
  }) => {
    await openReady(page, "/get-quote-today", '[data-ready="true"]');
    let held = 0;
    await page.route(RULES_SCRIPT, async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const info = page.getByRole("form", { name: "Your Info" });
    await info.getByRole("button", { name: "Continue" }).click();
    await expect(info.getByLabel("First name")).toBeFocused();
    await expect(info.getByText("First name is required")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Your Info", exact: true }),
    ).toBeVisible();
    expect(held).toBeGreaterThan(0);
  });

  test("rules that cannot load (offline) leave the steps open; the server checks at the end", async ({
    page,
  }) => {
    await openReady(page, "/get-quote-today", '[data-ready="true"]');
    await page.route(RULES_SCRIPT, (route) => route.abort("internetdisconnected"));
    const info = page.getByRole("form", { name: "Your Info" });
    await info.getByLabel("First name").fill("Zoë Ångström");
    await info.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Vehicle", exact: true }),
    ).toBeFocused();
  });
});

test.describe("the contact form's rules", () => {
  const SUBMIT_FAILED = "Submission failed. Please try again later.";

  test("load at the first touch, and the first field left shows its message", async ({ page }) => {
    const requested = watchRulesScripts(page);
    await openReady(page, "/contact-us", 'form#contactForm[data-ready="true"]');
    expect(requested, "rules loaded before the visitor touched the form").toEqual([]);

    const form = page.locator("form#contactForm");
    const email = form.getByLabel("Email");
    await email.fill("zoë@例え");
    await email.blur();
    await expect(form.getByText("Email is invalid")).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
  });

  test("rules that cannot load (offline): the failure shows in view, everything typed kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openReady(page, "/contact-us", 'form#contactForm[data-ready="true"]');
    await page.route(RULES_SCRIPT, (route) => route.abort("internetdisconnected"));
    const form = page.locator("form#contactForm");
    await form.getByLabel("First name").fill("Zoë");
    await form.getByLabel("Message").fill("Grüße aus Duluth — 🚗");
    await form.getByRole("button", { name: "Send Message" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText(SUBMIT_FAILED);
    await expect(alert).toBeFocused();
    await expectInPlainView(alert);
    await expect(form.getByLabel("First name")).toHaveValue("Zoë");
    await expect(form.getByLabel("Message")).toHaveValue("Grüße aus Duluth — 🚗");
  });
});

test.describe("the booking form's rules", () => {
  const FORM = 'form#appointment_form[data-ready="true"]';

  test("load at the first touch, and the first field left shows its message", async ({ page }) => {
    const requested = watchRulesScripts(page);
    await openReady(page, "/appointments", FORM);
    expect(requested, "rules loaded before the visitor touched the form").toEqual([]);

    const name = page.getByLabel("Full name");
    await name.focus();
    await name.blur();
    await expect(name).toHaveAccessibleDescription("Full name is required");
    expect(requested.length).toBeGreaterThan(0);
  });

  test("rules that cannot load (offline): the failure shows in view, everything typed kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openReady(page, "/appointments", FORM);
    await page.route(RULES_SCRIPT, (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Full name").fill("Zoë Ångström-Nguyễn");
    await page.getByRole("button", { name: "Schedule Appointment" }).click();
    const alert = page.getByRole("alert").filter({
      hasText: "There was an error submitting your appointment. Please try again.",
    });
    await expect(alert).toBeFocused();
    await expectInPlainView(alert);
    await expect(page.getByLabel("Full name")).toHaveValue("Zoë Ångström-Nguyễn");
  });
});
