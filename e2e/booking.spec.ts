import { AGENCY, PRIVACY_NOTICE } from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import {
  daysAfterToday,
  expectFailureText,
  expectInPlainView,
  expectNoHorizontalScroll,
  nextSaturday,
  nextWeekdayHoliday,
  openDay,
  pastWeekday,
  skipCookieBanner,
  uniquePhone,
  VIEWPORTS,
  watchCspViolations,
} from "./support/forms.ts";
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type Request,
  test,
} from "./support/test.ts";

/**
 * Booking a consultation on /appointments (messages: the domain's appointment/messages.ts)
 * against the real server: messages word for word, the free slots of the chosen day,
 * the confirmation and Schedule Another, failures that keep what was typed, a slot
 * someone else booked first, and no double booking. Tests that book use their own day
 * (openDay(n) with a distinct n), because they run in parallel against one database.
 */

const BOOK_PATH = "/api/appointments/add-appointment";
const SLOTS_PATH = "/api/appointments/available-slots";

const FIX_ERRORS = "Please fix the errors below before submitting";
const MESSAGES = {
  nameRequired: "Full name is required",
  nameTooShort: "Name must be at least 2 characters long",
  nameTooLong: "Name must be less than 50 characters",
  nameInvalid: "Name can only contain letters, spaces, hyphens, and apostrophes",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 100 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number must be 10 digits",
  dateRequired: "Appointment date is required",
  datePast: "Please select a future date",
  dateWeekend: "Please select a weekday (Monday-Friday)",
  timeRequired: "Time slot is required",
  messageTooLong: "Message must be less than 1000 characters",
};
const THANK_YOU = "Thank You!";
const SUCCESS_BODY =
  "Your appointment has been scheduled successfully. We'll contact you shortly to confirm the details.";
const SUBMIT_FAILED = "There was an error submitting your appointment. Please try again.";
const SLOT_TAKEN = "That time slot has just been booked. Please choose another time.";
const SERVICES = [
  "Auto Insurance",
  "Home Insurance",
  "Renters Insurance",
  "Business Insurance",
  "Trucker Insurance",
  "Other",
];
/** The nine slots as the page writes them ("9:00 AM"; the API's values are "09:00 AM"). */
const SLOTS = [
  "9:00 AM",
  "10:00 AM",
  "11:00 AM",
  "12:00 PM",
  "1:00 PM",
  "2:00 PM",
  "3:00 PM",
  "4:00 PM",
  "5:00 PM",
];

/**
 * The visitor of each test, with an address and number of their own: one person holds at
 * most two upcoming bookings, and the tests share one database.
 */
function newVisitor() {
  const formattedPhone = uniquePhone();
  return {
    name: "Lars O'Neil-Berg",
    email: `lars.oneil.${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: formattedPhone.replace(/\D/g, ""),
    formattedPhone,
    message: "I would like to review my home and auto policies together.",
  };
}
let visitor = newVisitor();

const isBookRequest = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === BOOK_PATH;

const bookingForm = (page: Page) => page.locator("form#appointment_form");

async function openBookingForm(page: Page): Promise<Locator> {
  await page.goto("/appointments");
  const form = bookingForm(page);
  await expect(form).toHaveAttribute("data-ready", "true");
  return form;
}

async function fillVisitor(form: Locator) {
  await form.getByLabel("Full name").fill(visitor.name);
  await form.getByLabel("Email address").fill(visitor.email);
  await form.getByLabel("Phone number").fill(visitor.phone);
  await form.getByLabel("Message").fill(visitor.message);
}

/** Picks the date and waits until its free slots are shown. */
async function chooseDate(form: Locator, date: string) {
  await form.getByLabel("Preferred date").fill(date);
  await expect(
    form.getByText(/times are free on this day|No times are left on this day/),
  ).toBeVisible();
}

async function bookThroughApi(request: APIRequestContext, date: string, time: string) {
  const response = await request.post(BOOK_PATH, {
    data: {
      name: "Priya Raman",
      email: `priya.raman.${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: uniquePhone(),
      date,
      time,
      service: "Home Insurance",
      message: "",
    },
  });
  expect(response.status()).toBe(201);
}

test.beforeEach(async ({ page }) => {
  visitor = newVisitor();
  await skipCookieBanner(page);
});

for (const [index, viewport] of VIEWPORTS.entries()) {
  test.describe(`booking at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the page: hero, benefits, the form section, the office and Call Now", async ({
      page,
    }) => {
      const form = await openBookingForm(page);
      await expect(
        page.getByRole("heading", { level: 1, name: "Book a Free Consultation" }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Why book a consultation" })).toBeVisible();
      const section = page.getByRole("region", { name: "Schedule Your Appointment" });
      await expect(section.locator("form#appointment_form")).toHaveCount(1);
      await expect(page.locator("#appointment_form")).toHaveCount(1);
      const office = page.getByRole("complementary", { name: "Our office" });
      await expect(office.locator("address")).toContainText(
        `${AGENCY.address.city}, ${AGENCY.address.state}`,
      );
      await expect(office.getByRole("link", { name: /^Call Now/ })).toHaveAttribute(
        "href",
        /^tel:\+1\d{10}$/,
      );
      // The page scrolls to the form 300 ms after it opens.
      await expect(
        form.getByRole("heading", { name: "Schedule Your Appointment" }),
      ).toBeInViewport();
      await expectNoHorizontalScroll(page);
    });

    test("an empty submit: the form error, every message, focus on the first field", async ({
      page,
    }) => {
      const sent: Request[] = [];
      page.on("request", (request) => {
        if (isBookRequest(request)) sent.push(request);
      });
      const form = await openBookingForm(page);
      await form.getByRole("button", { name: "Schedule Appointment" }).click();

      await expect(form.getByRole("alert")).toHaveText(FIX_ERRORS);
      const expected: Array<[label: string, message: string]> = [
        ["Full name", MESSAGES.nameRequired],
        ["Email address", MESSAGES.emailRequired],
        ["Phone number", MESSAGES.phoneRequired],
        ["Preferred date", MESSAGES.dateRequired],
      ];
      for (const [label, message] of expected) {
        const control = form.getByLabel(label);
        await expect(control).toHaveAttribute("aria-invalid", "true");
        await expect(control).toHaveAccessibleDescription(new RegExp(message));
      }
      const times = form.getByRole("group", { name: /Preferred time/ });
      await expect(times).toHaveAccessibleDescription(new RegExp(MESSAGES.timeRequired));
      await expect(form.getByText(MESSAGES.timeRequired, { exact: true })).toBeVisible();
      // The service has its default and the message is optional (decision record 0003).
      await expect(form.getByLabel("Insurance type")).toHaveValue("Auto Insurance");
      await expect(form.getByLabel("Insurance type")).not.toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Message")).not.toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Full name")).toBeFocused();
      await expectNoHorizontalScroll(page);
      expect(sent).toHaveLength(0);

      // Fixing every field clears the form error.
      await fillVisitor(form);
      await chooseDate(form, openDay(1));
      await expect(form.getByText(FIX_ERRORS)).toBeVisible();
      await form.getByRole("radio", { name: "3:00 PM" }).check();
      await expect(form.getByText(FIX_ERRORS)).toHaveCount(0);
    });

    test("booking a slot: Thank You!, Call Us, and Schedule Another gives a fresh form", async ({
      page,
    }) => {
      const date = openDay(20 + index);
      const form = await openBookingForm(page);
      await fillVisitor(form);
      await form.getByLabel("Insurance type").selectOption("Home Insurance");
      await chooseDate(form, date);
      await form.getByRole("radio", { name: "10:00 AM", exact: true }).check();
      await expectNoHorizontalScroll(page);

      const responsePromise = page.waitForResponse((r) => isBookRequest(r.request()));
      await form.getByRole("button", { name: "Schedule Appointment" }).click();
      const response = await responsePromise;
      expect(response.status()).toBe(201);
      expect(response.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.request().postDataJSON()).toEqual({
        name: visitor.name,
        email: visitor.email,
        phone: visitor.phone,
        date,
        time: "10:00 AM",
        service: "Home Insurance",
        message: visitor.message,
        // The browser session's first touch (decision 0074): opened directly here.
        leadSource: { source: "direct", medium: "", campaign: "" },
        // The notice shown; the optional consent left unticked (decision 0080).
        privacy: {
          noticeVersion: PRIVACY_NOTICE.version,
          contactConsent: false,
          consentVersion: "",
          form: "booking",
          page: new URL(page.url()).pathname,
        },
      });

      await expect(form.getByRole("status").filter({ hasText: THANK_YOU })).toContainText(
        SUCCESS_BODY,
      );
      await expect(form.getByText("10:00 AM (Central Time) · Home Insurance")).toBeVisible();
      await expect(form.getByRole("link", { name: /^Call Us/ })).toHaveAttribute(
        "href",
        /^tel:\+1\d{10}$/,
      );
      await expectNoHorizontalScroll(page);

      await form.getByRole("button", { name: "Schedule Another" }).click();
      await expect(form.getByLabel("Full name")).toBeFocused();
      for (const label of [
        "Full name",
        "Email address",
        "Phone number",
        "Preferred date",
        "Message",
      ]) {
        await expect(form.getByLabel(label)).toHaveValue("");
      }
      await expect(form.getByLabel("Insurance type")).toHaveValue("Auto Insurance");
      await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
      await expect(form.getByRole("alert")).toHaveCount(0);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);

      // The slot just booked now shows as taken.
      await chooseDate(form, date);
      await expect(form.getByRole("radio", { name: "10:00 AM — taken" })).toBeDisabled();
    });
  });
}

test.describe("booking rules, slots and failures", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("each field is checked on blur and, once touched, on every change", async ({ page }) => {
    const form = await openBookingForm(page);
    const name = form.getByLabel("Full name");
    await name.fill("L");
    await expect(form.getByText(MESSAGES.nameTooShort)).toHaveCount(0);
    await name.blur();
    await expect(form.getByText(MESSAGES.nameTooShort, { exact: true })).toBeVisible();
    await name.fill("Lars 2");
    await expect(form.getByText(MESSAGES.nameInvalid, { exact: true })).toBeVisible();
    await name.fill("L".repeat(51));
    await expect(form.getByText(MESSAGES.nameTooLong, { exact: true })).toBeVisible();
    await name.fill("");
    await expect(form.getByText(MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await name.fill(visitor.name);
    await expect(name).not.toHaveAttribute("aria-invalid", "true");

    const email = form.getByLabel("Email address");
    await email.fill("lars@example");
    await email.blur();
    await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await email.fill(`${"l".repeat(60)}@${"e".repeat(27)}.example.com`);
    await expect(form.getByText(MESSAGES.emailTooLong, { exact: true })).toBeVisible();
    // One field, one mailbox: a list is refused, however it is separated (issue 12).
    for (const list of ["lars@example.com, eve@example.com", "lars@example.com;eve@example.com"]) {
      await email.fill(list);
      await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    }

    const phone = form.getByLabel("Phone number");
    // No maxlength: it cut pasted numbers and blocked the last digit after a "+1".
    await expect(phone).not.toHaveAttribute("maxlength");
    await phone.fill(visitor.phone.slice(0, 6));
    await phone.blur();
    await expect(form.getByText(MESSAGES.phoneInvalid, { exact: true })).toBeVisible();
    await phone.press("End");
    await phone.pressSequentially(visitor.phone.slice(6));
    await expect(phone).toHaveValue(visitor.formattedPhone);
    await expect(form.getByText(MESSAGES.phoneInvalid)).toHaveCount(0);
    // A country code typed first is dropped, never read as the area code.
    await phone.fill("");
    await phone.pressSequentially("+1 612 555 0100");
    await expect(phone).toHaveValue("(612) 555-0100");
    // A number that is too long stays visible and gets the message; it is never cut.
    await phone.press("End");
    await phone.pressSequentially("7");
    await expect(phone).toHaveValue("61255501007");
    await expect(form.getByText(MESSAGES.phoneInvalid, { exact: true })).toBeVisible();
    await phone.fill(visitor.formattedPhone);

    const date = form.getByLabel("Preferred date");
    const today = await date.getAttribute("min");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await date.fill(nextSaturday());
    await date.blur();
    await expect(date).toHaveAccessibleDescription(new RegExp(escapeRegExp(MESSAGES.dateWeekend)));
    await date.fill(pastWeekday());
    await expect(date).toHaveAccessibleDescription(new RegExp(MESSAGES.datePast));
    const holiday = nextWeekdayHoliday();
    await date.fill(holiday.date);
    await expect(date).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(`The office is closed on ${holiday.name}.`)),
    );
    // The booking horizon: the picker stops 90 days ahead, and a later date is refused.
    const lastDate = await date.getAttribute("max");
    expect(lastDate).toBe(daysAfterToday(90));
    await date.fill(daysAfterToday(91));
    await expect(date).toHaveAccessibleDescription(
      new RegExp(escapeRegExp("Appointments can be booked up to 90 days ahead.")),
    );
    await date.fill("9999-03-01");
    await expect(date).toHaveAccessibleDescription(
      new RegExp(escapeRegExp("Appointments can be booked up to 90 days ahead.")),
    );

    const service = form.getByLabel("Insurance type");
    await expect(service.locator("option")).toHaveText(SERVICES);
    await expect(service).toHaveValue("Auto Insurance");

    const message = form.getByLabel("Message");
    await message.fill("m".repeat(1000));
    await message.blur();
    await expect(form.getByText(MESSAGES.messageTooLong, { exact: true })).toBeVisible();
    await message.fill("m".repeat(999));
    await expect(form.getByText(MESSAGES.messageTooLong)).toHaveCount(0);
  });

  test("the nine slots: none before a date, none on a closed day, taken ones disabled", async ({
    page,
    request,
  }) => {
    const date = openDay(24);
    await bookThroughApi(request, date, "11:00 AM");
    const form = await openBookingForm(page);
    const times = form.getByRole("group", { name: /Preferred time/ });
    await expect(times.getByRole("radio")).toHaveCount(9);
    for (const radio of await times.getByRole("radio").all()) await expect(radio).toBeDisabled();
    await expect(times).toContainText("Choose a date first to see which times are free.");

    await chooseDate(form, date);
    await expect(times).toContainText("8 of 9 times are free on this day.");
    const taken = times.getByRole("radio", { name: "11:00 AM — taken" });
    await expect(taken).toBeDisabled();
    for (const slot of SLOTS.filter((time) => time !== "11:00 AM")) {
      await expect(times.getByRole("radio", { name: slot, exact: true })).toBeEnabled();
    }

    // A weekend and a holiday: the server's reason, and no slot can be chosen.
    await form.getByLabel("Preferred date").fill(nextSaturday());
    await expect(times).toContainText(MESSAGES.dateWeekend);
    for (const radio of await times.getByRole("radio").all()) await expect(radio).toBeDisabled();
    const holiday = nextWeekdayHoliday();
    await form.getByLabel("Preferred date").fill(holiday.date);
    await expect(times).toContainText(`The office is closed on ${holiday.name}.`);
    for (const radio of await times.getByRole("radio").all()) await expect(radio).toBeDisabled();
  });

  test("a slot taken while the visitor was choosing: the 409 message, fresh slots, the rest kept", async ({
    page,
    request,
  }) => {
    const date = openDay(25);
    const form = await openBookingForm(page);
    await fillVisitor(form);
    await chooseDate(form, date);
    await form.getByRole("radio", { name: "2:00 PM", exact: true }).check();

    // Someone else books the same slot first.
    await bookThroughApi(request, date, "02:00 PM");
    const slotRequests: Request[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === SLOTS_PATH) slotRequests.push(r);
    });
    const responsePromise = page.waitForResponse((r) => isBookRequest(r.request()));
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    expect((await responsePromise).status()).toBe(409);

    const alert = form.getByRole("alert");
    await expectFailureText(alert, SLOT_TAKEN);
    await expect(alert).toBeFocused();
    await expect(form.getByRole("radio", { name: "2:00 PM — taken" })).toBeDisabled();
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    expect(slotRequests.length).toBeGreaterThanOrEqual(1);
    await expect(form.getByLabel("Full name")).toHaveValue(visitor.name);
    await expect(form.getByLabel("Email address")).toHaveValue(visitor.email);
    await expect(form.getByLabel("Phone number")).toHaveValue(visitor.formattedPhone);
    await expect(form.getByLabel("Preferred date")).toHaveValue(date);
    await expect(form.getByLabel("Message")).toHaveValue(visitor.message);

    // Another time books with a new key.
    await form.getByRole("radio", { name: "3:00 PM", exact: true }).check();
    await expect(alert).toHaveCount(0);
    const second = page.waitForResponse((r) => isBookRequest(r.request()));
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    expect((await second).status()).toBe(201);
    await expect(form.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
  });

  test("a failed booking shows the spec's message and keeps everything typed", async ({ page }) => {
    const keys: string[] = [];
    await page.route(`**${BOOK_PATH}`, (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Internal Server Error" }),
      });
    });
    const date = openDay(26);
    const form = await openBookingForm(page);
    await fillVisitor(form);
    await form.getByLabel("Insurance type").selectOption("Trucker Insurance");
    await chooseDate(form, date);
    await form.getByRole("radio", { name: "4:00 PM", exact: true }).check();
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    await expect(form.getByRole("button", { name: "Scheduling..." })).toBeDisabled();

    await expectFailureText(form.getByRole("alert"), SUBMIT_FAILED, { timeout: 10_000 });
    await expect(form.getByRole("alert")).toBeFocused();
    await expectInPlainView(form.getByRole("alert"));
    await expect(form.getByLabel("Full name")).toHaveValue(visitor.name);
    await expect(form.getByLabel("Email address")).toHaveValue(visitor.email);
    await expect(form.getByLabel("Phone number")).toHaveValue(visitor.formattedPhone);
    await expect(form.getByLabel("Preferred date")).toHaveValue(date);
    await expect(form.getByRole("radio", { name: "4:00 PM", exact: true })).toBeChecked();
    await expect(form.getByLabel("Insurance type")).toHaveValue("Trucker Insurance");
    await expect(form.getByLabel("Message")).toHaveValue(visitor.message);
    // Three tries (two retries of the 500), one key.
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);

    // Trying again sends the same booking with the same key; now it goes through.
    await page.unroute(`**${BOOK_PATH}`);
    const response = page.waitForResponse((r) => isBookRequest(r.request()));
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    const answered = await response;
    expect(answered.status()).toBe(201);
    expect(answered.request().headers()["idempotency-key"]).toBe(keys[0]);
    await expect(form.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
  });

  test("a double click books once", async ({ page }) => {
    const sent: Request[] = [];
    page.on("request", (request) => {
      if (isBookRequest(request)) sent.push(request);
    });
    const date = openDay(27);
    const form = await openBookingForm(page);
    await fillVisitor(form);
    await chooseDate(form, date);
    await form.getByRole("radio", { name: "9:00 AM", exact: true }).check();
    await form.getByRole("button", { name: "Schedule Appointment" }).dblclick();
    await expect(form.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("a third upcoming booking by the same person is refused with a way forward", async ({
    page,
    request,
  }) => {
    for (const [n, time] of [
      [28, "09:00 AM"],
      [29, "09:00 AM"],
    ] as const) {
      const response = await request.post(BOOK_PATH, {
        data: {
          ...visitor,
          formattedPhone: undefined,
          date: openDay(n),
          time,
          service: "Auto Insurance",
        },
      });
      expect(response.status()).toBe(201);
    }
    const date = openDay(28);
    const form = await openBookingForm(page);
    await fillVisitor(form);
    await chooseDate(form, date);
    await form.getByRole("radio", { name: "1:00 PM", exact: true }).check();
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText("You already have 2 upcoming appointments with us.");
    await expect(alert).toContainText("please call us at");
    await expect(alert).toBeInViewport();
    // Nothing typed is lost, and the chosen time is kept (the slot itself is free).
    await expect(form.getByLabel("Email address")).toHaveValue(visitor.email);
    await expect(form.getByRole("radio", { name: "1:00 PM", exact: true })).toBeChecked();
  });

  test("the booking page: no CSP violation while the form is used, no axe violation", async ({
    page,
  }) => {
    const problems = await watchCspViolations(page);
    const form = await openBookingForm(page);
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    await expect(form.getByText(FIX_ERRORS)).toBeVisible();
    await fillVisitor(form);
    await chooseDate(form, openDay(2));
    const axe = await new AxeBuilder({ page })
      .include("#appointment_form")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("a failed booking at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the network fails: the message is in view and focused, everything typed kept", async ({
    page,
  }) => {
    await page.route(`**${BOOK_PATH}`, (route) => route.abort("internetdisconnected"));
    const form = await openBookingForm(page);
    await fillVisitor(form);
    await form.getByLabel("Insurance type").selectOption("Auto Insurance");
    await chooseDate(form, openDay(27));
    await form.getByRole("radio", { name: "3:00 PM", exact: true }).check();
    await form.getByRole("button", { name: "Schedule Appointment" }).click();
    const alert = form.getByRole("alert");
    await expectFailureText(alert, SUBMIT_FAILED, { timeout: 10_000 });
    await expect(alert).toBeFocused();
    await expectInPlainView(alert);
    await expect(form.getByLabel("Full name")).toHaveValue(visitor.name);
  });
});
