import {
  AGENCY,
  CONTACT_CONSENT_VERSION,
  contactConsentText,
  PRIVACY_NOTICE,
} from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import {
  expectInPlainView,
  expectNoHorizontalScroll,
  skipCookieBanner,
  VIEWPORTS,
  watchCspViolations,
} from "./support/forms.ts";
import { expect, type Locator, type Page, type Request, test } from "./support/test.ts";

/**
 * The contact form on /contact-us (messages: the domain's contact/messages.ts), as a visitor uses
 * it, against the real server: messages word for word, the phone format, sending, the
 * success panel and the return 5 seconds later, failures that keep what was typed, the
 * honeypot, and no second submission.
 */

const SEND_PATH = "/api/contacts/send-contact";

const MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  emailInvalid: "Email is invalid",
  phone: "Phone number is required",
  phoneInvalid: "Invalid phone number format (10 digits required)",
  subject: "Subject is required",
  message: "Message is required",
  notRobot: "Please verify you are not a robot",
};
const SUCCESS_TITLE = "Message Sent Successfully!";
const SUCCESS_BODY = "Thank you for contacting us! We'll get back to you within 24 hours.";
const SUBMIT_FAILED = "Submission failed. Please try again later.";

const visitor = {
  firstName: "Maya",
  lastName: "Okafor",
  email: "maya.okafor@example.com",
  phone: "6125550182",
  formattedPhone: "(612) 555-0182",
  subject: "Commercial Insurance",
  message: "Do you insure food trucks that park in Saint Paul?",
};

const isSendRequest = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === SEND_PATH;

const contactForm = (page: Page) => page.locator("form#contactForm");

async function openContactForm(page: Page): Promise<Locator> {
  await page.goto("/contact-us");
  const form = contactForm(page);
  await expect(form).toHaveAttribute("data-ready", "true");
  return form;
}

async function fillVisitor(form: Locator, overrides: Partial<typeof visitor> = {}) {
  const values = { ...visitor, ...overrides };
  await form.getByLabel("First name").fill(values.firstName);
  await form.getByLabel("Last name").fill(values.lastName);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Phone").fill(values.phone);
  await form.getByLabel("Subject").selectOption(values.subject);
  await form.getByLabel("Message").fill(values.message);
  await form.getByLabel("I'm not a robot").check();
}

async function expectVisitorKept(form: Locator) {
  await expect(form.getByLabel("First name")).toHaveValue(visitor.firstName);
  await expect(form.getByLabel("Last name")).toHaveValue(visitor.lastName);
  await expect(form.getByLabel("Email")).toHaveValue(visitor.email);
  await expect(form.getByLabel("Phone")).toHaveValue(visitor.formattedPhone);
  await expect(form.getByLabel("Subject")).toHaveValue(visitor.subject);
  await expect(form.getByLabel("Message")).toHaveValue(visitor.message);
  await expect(form.getByLabel("I'm not a robot")).toBeChecked();
}

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

for (const viewport of VIEWPORTS) {
  test.describe(`contact form at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("an empty submit shows every message under its field and focuses the first", async ({
      page,
    }) => {
      const sent: Request[] = [];
      page.on("request", (request) => {
        if (isSendRequest(request)) sent.push(request);
      });
      const form = await openContactForm(page);
      await expect(form.getByText(MESSAGES.firstName)).toHaveCount(0);
      await form.getByRole("button", { name: "Send Message" }).click();

      const expected: Array<[label: string, message: string]> = [
        ["First name", MESSAGES.firstName],
        ["Last name", MESSAGES.lastName],
        ["Email", MESSAGES.email],
        ["Phone", MESSAGES.phone],
        ["Subject", MESSAGES.subject],
        ["Message", MESSAGES.message],
        ["I'm not a robot", MESSAGES.notRobot],
      ];
      for (const [label, message] of expected) {
        const control = form.getByLabel(label, { exact: true });
        await expect(control).toHaveAttribute("aria-invalid", "true");
        await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel("First name")).toBeFocused();
      await expectNoHorizontalScroll(page);
      expect(sent).toHaveLength(0);

      // A fixed field loses its message while it is edited.
      await form.getByLabel("First name").fill("Maya");
      await expect(form.getByText(MESSAGES.firstName)).toHaveCount(0);
      await expect(form.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
    });

    test("a successful message: panel, cleared form, back at the form 5 seconds later", async ({
      page,
    }) => {
      await page.clock.install();
      const form = await openContactForm(page);
      await fillVisitor(form, { message: "<b>Do you insure</b> food trucks?<script>x()</script>" });
      // From here on, time moves only when the test says so.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await expectNoHorizontalScroll(page);
      // The notice links to the notice of information practices; the consent is optional.
      await expect(
        form.getByRole("link", { name: /notice of information practices/ }),
      ).toHaveAttribute("href", PRIVACY_NOTICE.href);
      const consent = form.getByLabel(contactConsentText());
      await expect(consent).not.toBeChecked();
      await consent.check();

      const responsePromise = page.waitForResponse((response) => isSendRequest(response.request()));
      await form.getByRole("button", { name: "Send Message" }).click();
      const response = await responsePromise;
      expect(response.status()).toBe(201);
      const request = response.request();
      expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      // Tags are stripped in the browser already; the phone goes as digits and formatted.
      expect(request.postDataJSON()).toEqual({
        firstName: visitor.firstName,
        lastName: visitor.lastName,
        email: visitor.email,
        phone: visitor.phone,
        formattedPhone: visitor.formattedPhone,
        subject: visitor.subject,
        message: "Do you insure food trucks?x()",
        notRobot: true,
        website: "",
        // The browser session's first touch (decision 0074): opened directly here.
        leadSource: { source: "direct", medium: "", campaign: "" },
        // The notice shown and the consent ticked (decision 0080).
        privacy: {
          noticeVersion: PRIVACY_NOTICE.version,
          contactConsent: true,
          consentVersion: CONTACT_CONSENT_VERSION,
          form: "contact",
          page: "/contact-us",
        },
      });

      const panel = form.getByRole("status").filter({ hasText: SUCCESS_TITLE });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText(SUCCESS_BODY);
      await expect(panel).toBeFocused();
      await expect(form.getByLabel("First name")).toHaveCount(0);

      // Scroll away; 5 seconds later the panel goes and the page is back at its form.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await page.clock.runFor(4900);
      await expect(panel).toBeVisible();
      await page.clock.runFor(200);
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(/\/contact-us$/);
      await expect(form).toBeFocused();
      await expect(form).toBeInViewport();
      for (const label of ["First name", "Last name", "Email", "Phone", "Message"]) {
        await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
      }
      await expect(form.getByLabel("Subject")).toHaveValue("");
      await expect(form.getByLabel("I'm not a robot")).not.toBeChecked();
      // Untouched again: no messages until the visitor leaves a field or submits.
      await expect(form.getByText(MESSAGES.firstName)).toHaveCount(0);
    });
  });
}

test.describe("contact form rules and failures", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("fields are checked on blur; the phone shows (AAA) BBB-CCCC and keeps the number meant", async ({
    page,
  }) => {
    const form = await openContactForm(page);
    const email = form.getByLabel("Email");
    await email.fill("maya");
    await email.blur();
    await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await email.fill("maya@example");
    await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    // One field, one mailbox: a list or a display name is refused (issue 12).
    for (const list of [
      "maya@example.com,eve@example.com",
      "maya@example.com eve@example.com",
      "Maya <maya@example.com>",
    ]) {
      await email.fill(list);
      await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    }
    await email.fill(visitor.email);
    await expect(form.getByText(MESSAGES.emailInvalid)).toHaveCount(0);

    const phone = form.getByLabel("Phone");
    // No maxlength: it cut pasted numbers and blocked the last digit after a "+1".
    await expect(phone).not.toHaveAttribute("maxlength");
    await phone.pressSequentially("612555");
    await expect(phone).toHaveValue("612555");
    await phone.blur();
    await expect(form.getByText(MESSAGES.phoneInvalid, { exact: true })).toBeVisible();
    await phone.press("End");
    await phone.pressSequentially("0182");
    await expect(phone).toHaveValue("(612) 555-0182");
    await expect(form.getByText(MESSAGES.phoneInvalid)).toHaveCount(0);
    // A further digit is shown (never silently dropped) and the number is then invalid.
    await phone.press("9");
    await expect(phone).toHaveValue("61255501829");
    await expect(form.getByText(MESSAGES.phoneInvalid, { exact: true })).toBeVisible();
    await phone.fill("612-555-0182 ext. 12");
    await expect(phone).toHaveValue(/^.{0,14}$/);
    // "+1 612 555 0182", typed key by key, is the Minneapolis number, not "(161) 255-5018".
    await phone.fill("");
    await phone.pressSequentially("+1 612 555 0182");
    await expect(phone).toHaveValue("(612) 555-0182");
    await expect(form.getByText(MESSAGES.phoneInvalid)).toHaveCount(0);
    // A pasted number is taken whole, country code and all.
    await phone.fill("");
    await phone.evaluate((input) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData("text/plain", "+1 (612) 555-0182");
      input.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
      );
    });
    await expect(phone).toHaveValue("(612) 555-0182");
    await phone.fill("call me");
    await expect(phone).toHaveValue("");
    await expect(form.getByText(MESSAGES.phone, { exact: true })).toBeVisible();

    // Business Insurance is sent as Commercial Insurance; five subjects in all.
    const subject = form.getByLabel("Subject");
    await expect(subject.locator("option:not([value=''])")).toHaveText([
      "Auto Insurance",
      "Home Insurance",
      "Business Insurance",
      "Renter's Insurance",
      "Other",
    ]);
    await subject.selectOption({ label: "Business Insurance" });
    await expect(subject).toHaveValue("Commercial Insurance");
  });

  test("a server failure keeps every value and lists the error (error, message, fallback)", async ({
    page,
  }) => {
    const keys: string[] = [];
    const answers = [
      // A raw status text is not a message for a person: the spec's fallback instead.
      { body: JSON.stringify({ error: "Internal Server Error" }), shown: SUBMIT_FAILED },
      {
        body: JSON.stringify({ error: "The message service is down." }),
        shown: "The message service is down.",
      },
      {
        body: JSON.stringify({ message: "Please try again in a minute." }),
        shown: "Please try again in a minute.",
      },
      { body: "", shown: SUBMIT_FAILED },
    ];
    let answer = answers[0];
    await page.route(`**${SEND_PATH}`, async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await route.fulfill({
        status: 500,
        contentType: answer?.body ? "application/json" : "text/plain",
        body: answer?.body ?? "",
      });
    });
    const form = await openContactForm(page);
    await fillVisitor(form);
    for (const [index, current] of answers.entries()) {
      answer = current;
      await form.getByRole("button", { name: "Send Message" }).click();
      const sending = form.getByRole("button", { name: "Sending..." });
      await expect(sending).toBeDisabled();
      // Unavailable, yet still holding focus: not dropped to the page (issue 26 §4).
      await expect(sending).toBeFocused();
      const alert = form.getByRole("alert");
      await expect(alert.getByRole("listitem")).toHaveText(current.shown, { timeout: 10_000 });
      // Every failure offers the phone number (issue 26 §4).
      await expect(alert.getByRole("link", { name: AGENCY.phone })).toHaveAttribute(
        "href",
        AGENCY.phoneHref,
      );
      await expect(alert).toBeFocused();
      await expectInPlainView(alert);
      await expectVisitorKept(form);
      // apiRequest retried the 500 twice: three tries per press of the button.
      expect(keys).toHaveLength((index + 1) * 3);
    }
    // One submission of the same message, one key, on every retry and every press.
    expect(new Set(keys).size).toBe(1);

    // A changed message is a new submission with a new key.
    await page.unroute(`**${SEND_PATH}`);
    await form.getByLabel("Message").fill(`${visitor.message} Thanks!`);
    const response = page.waitForResponse((r) => isSendRequest(r.request()));
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await response).request().headers()["idempotency-key"]).not.toBe(keys[0]);
    await expect(form.getByRole("status").filter({ hasText: SUCCESS_TITLE })).toBeVisible();
  });

  test("field errors from the server appear under their fields; a 429 shows its own text", async ({
    page,
  }) => {
    await page.route(`**${SEND_PATH}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          success: false,
          message: "Email is invalid",
          error: "Email is invalid",
          errors: [{ field: "email", message: "Email is invalid" }],
        }),
      }),
    );
    const form = await openContactForm(page);
    await fillVisitor(form);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert").getByRole("listitem")).toHaveText("Email is invalid");
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email")).toBeFocused();
    await expectVisitorKept(form);

    const friendly = "Too many messages from this address. Please try again in 10 minutes.";
    await page.unroute(`**${SEND_PATH}`);
    await page.route(`**${SEND_PATH}`, (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "retry-after": "600" },
        body: JSON.stringify({ error: friendly }),
      }),
    );
    await form.getByLabel("Email").fill("maya.o@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert").getByRole("listitem")).toHaveText(friendly);
  });

  test("the honeypot is invisible and out of the tab order; a bot that fills it is not told", async ({
    page,
  }) => {
    const form = await openContactForm(page);
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toBeHidden();
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(form.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);

    // Tab from the first field to the button: the honeypot is never focused.
    await form.getByLabel("First name").focus();
    const visited: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.name ?? "",
      );
      visited.push(name);
      if (name === "" || name === "notRobot") break;
    }
    expect(visited).toEqual(["lastName", "email", "phone", "subject", "message", "notRobot"]);
    // The notice's link and the optional consent (decision 0080) come before Send.
    await page.keyboard.press("Tab");
    await expect(form.getByRole("link", { name: /notice of information practices/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(contactConsentText())).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeFocused();

    // A bot fills everything: it is answered like a person, and the value is sent as typed.
    await fillVisitor(form);
    await honeypot.fill("https://spam.example", { force: true });
    const response = page.waitForResponse((r) => isSendRequest(r.request()));
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await response).request().postDataJSON().website).toBe("https://spam.example");
    await expect(form.getByRole("status").filter({ hasText: SUCCESS_TITLE })).toBeVisible();
  });

  test("a double click sends one message", async ({ page }) => {
    const sent: Request[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${SEND_PATH}`, async (route) => {
      sent.push(route.request());
      await held;
      await route.continue();
    });
    const form = await openContactForm(page);
    await fillVisitor(form);
    await form.getByRole("button", { name: "Send Message" }).dblclick();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await form.getByRole("button", { name: "Sending..." }).click({ force: true });
    release();
    await expect(form.getByRole("status").filter({ hasText: SUCCESS_TITLE })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("the contact page: no CSP violation while the form is used, no axe violation", async ({
    page,
  }) => {
    const problems = await watchCspViolations(page);
    const form = await openContactForm(page);
    // Validation runs the domain's zod schemas in the browser.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText(MESSAGES.notRobot)).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .include("#contactForm")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await fillVisitor(form);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status").filter({ hasText: SUCCESS_TITLE })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("a failed message at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the network fails: the message is in view and focused, everything typed kept", async ({
    page,
  }) => {
    await page.route(`**${SEND_PATH}`, (route) => route.abort("internetdisconnected"));
    const form = await openContactForm(page);
    await fillVisitor(form);
    await form.getByRole("button", { name: "Send Message" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toBeVisible({ timeout: 10_000 });
    await expect(alert).toBeFocused();
    await expectInPlainView(alert);
    await expectVisitorKept(form);
  });
});
