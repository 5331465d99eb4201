import { AGENCY, displaySlot, MANAGE_LIMITS, MANAGE_MESSAGES } from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import { manageLinkFromOutbox } from "./support/auth.ts";
import { createAccount, signIn } from "./support/dashboard.ts";
import {
  expectNoHorizontalScroll,
  openDay,
  skipCookieBanner,
  uniquePhone,
  VIEWPORTS,
  watchCspViolations,
} from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * A visitor manages a booking from the link in its confirmation email (issue 15 §1,
 * decision 0035): book on /appointments, open the mailed link, move the booking to another
 * free time, then cancel it; the link then answers with the friendly dead-link page. Each
 * width books its own days (tests run in parallel against one database).
 */

// Open days no other spec books (booking.spec.ts: 1, 2, 20–29; support/dashboard.ts: 30–57).
const DAYS = { desktop: [11, 12], phone: [13, 14], staff: [15, 16] } as const;
/** One day per width for the daily move limit: every move stays on it. */
const LIMIT_DAYS = { desktop: 17, phone: 18 } as const;

/** "Tuesday, December 1, 2026" as the page writes a calendar date. */
function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

async function bookOnTheSite(page: Page, visitor: { email: string; phone: string }, date: string) {
  await page.goto("/appointments");
  const form = page.locator("form#appointment_form");
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Full name").fill("Zoë Ngô-Øvergaard");
  await form.getByLabel("Email address").fill(visitor.email);
  await form.getByLabel("Phone number").fill(visitor.phone);
  await form.getByLabel("Preferred date").fill(date);
  await expect(form.getByText(/times are free on this day/)).toBeVisible();
  await form.getByRole("radio", { name: "10:00 AM", exact: true }).check();
  await form.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(form.getByText("Thank You!")).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`a visitor moves, then cancels, their booking from the emailed link at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await skipCookieBanner(page);
    const problems = await watchCspViolations(page);
    const [firstDay, secondDay] = DAYS[viewport.name].map((n) => openDay(n)) as [string, string];
    const visitor = {
      email: `manage-${viewport.name}-${Date.now()}@example.com`,
      phone: uniquePhone(),
    };

    const bookedAt = Date.now();
    await bookOnTheSite(page, visitor, firstDay);
    const link = await manageLinkFromOutbox(visitor.email, { after: bookedAt });

    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
    const card = page.getByRole("article");
    await expect(card).toContainText("Auto Insurance consultation");
    await expect(card).toContainText(longDate(firstDay));
    await expect(card).toContainText("10:00 AM Central time");
    await expect(card).toContainText("Booked for Zoë Ngô-Øvergaard");
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `e2e/test-results/manage-${viewport.name}-view.png`,
      fullPage: true,
    });

    // Move it: the form opens with focus on its heading, offers the day's free slots.
    await page.getByRole("button", { name: "Choose another time" }).click();
    await expect(page.getByRole("heading", { name: "Choose another time" })).toBeFocused();
    await page.getByRole("button", { name: "Move my appointment" }).click();
    await expect(page.getByRole("alert")).toContainText("Choose a new date and a free time first.");
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByLabel("New date").fill(secondDay);
    await expect(page.getByText(/times are free on this day/)).toBeVisible();
    await page.getByRole("radio", { name: "2:00 PM", exact: true }).check();
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `e2e/test-results/manage-${viewport.name}-reschedule.png`,
      fullPage: true,
    });
    const movedAt = Date.now();
    await page.getByRole("button", { name: "Move my appointment" }).click();
    const moved = page.getByRole("status").filter({ hasText: "Your appointment has been moved" });
    await expect(moved).toBeFocused();
    await expect(moved).toBeInViewport();
    await expect(card).toContainText(longDate(secondDay));
    await expect(card).toContainText("2:00 PM Central time");
    // The updated invitation went out, carrying the same link.
    expect(await manageLinkFromOutbox(visitor.email, { after: movedAt })).toBe(link);

    // The old time is free again; the new one is taken.
    const slots = async (date: string) =>
      (await page.request.get(`/api/appointments/available-slots?date=${date}`)).json();
    const free = (day: { slots: { time: string; available: boolean }[] }, time: string) =>
      day.slots.find((slot) => slot.time === time)?.available;
    expect(free(await slots(firstDay), "10:00 AM")).toBe(true);
    expect(free(await slots(secondDay), "02:00 PM")).toBe(false);

    // Cancel it: a confirm step with an optional reason.
    await page.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this appointment?" })).toBeFocused();
    await page.getByLabel("Reason").fill("Found a time with my partner instead");
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `e2e/test-results/manage-${viewport.name}-cancel.png`,
      fullPage: true,
    });
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    const cancelled = page.getByRole("heading", { name: "Your appointment is canceled" });
    await expect(cancelled).toBeFocused();
    await expect(cancelled).toBeInViewport();
    expect(free(await slots(secondDay), "02:00 PM")).toBe(true);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The link is dead now: a friendly page with the agency's phone.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Call \(/ })).toHaveAttribute("href", /^tel:/);
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `e2e/test-results/manage-${viewport.name}-dead.png`,
      fullPage: true,
    });
    expect(problems).toEqual([]);
  });
}

test("an unknown link answers the dead-link page, never a booking", async ({ page }) => {
  await skipCookieBanner(page);
  await page.goto(`/appointments/manage/${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeFocused();
});

for (const viewport of VIEWPORTS) {
  test(`staff move an appointment from its page, then cancel it, at ${viewport.width} px; the customer is emailed`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const [firstDay, secondDay] = DAYS.staff.map((n) => openDay(n)) as [string, string];
    const times = viewport.name === "desktop" ? ["09:00 AM", "11:00 AM"] : ["01:00 PM", "03:00 PM"];
    const email = `staff-move-${viewport.name}-${Date.now()}@example.com`;
    const booked = await page.request.post("/api/appointments/add-appointment", {
      data: {
        name: "Kai Lindqvist",
        email,
        phone: uniquePhone(),
        date: firstDay,
        time: times[0],
        service: "Renters Insurance",
        message: "",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { data: { _id: string } }).data._id;
    const visitorLink = await manageLinkFromOutbox(email);

    await signIn(page, createAccount("agent"));
    await page.goto(`/dashboard/appointments/${id}`);
    await page.getByRole("button", { name: "Move Kai Lindqvist's appointment" }).click();
    const dialog = page.getByRole("dialog", { name: "Move Kai Lindqvist's appointment" });
    await dialog.getByLabel("New date").fill(secondDay);
    await expect(dialog.getByText(/times are free on this day/)).toBeVisible();
    await dialog.getByRole("radio", { name: displaySlot(times[1] ?? ""), exact: true }).check();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `e2e/test-results/staff-move-${viewport.name}.png` });
    const movedAt = Date.now();
    await dialog.getByRole("button", { name: "Move and email the customer" }).click();
    // The move is a new appointment: its page opens.
    await expect(page).not.toHaveURL(new RegExp(`/dashboard/appointments/${id}$`));
    await expect(page.getByText("Appointment moved. The customer has been emailed")).toBeVisible();
    await expect(page.getByText(`· ${displaySlot(times[1] ?? "")}`).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "open the previous time" })).toBeVisible();

    // The customer's new mail carries a fresh link to the new time; the old one is dead.
    const freshLink = await manageLinkFromOutbox(email, { after: movedAt });
    expect(freshLink).not.toBe(visitorLink);
    const fresh = await page.request.get(`/api${freshLink}`);
    expect(((await fresh.json()) as { time: string }).time).toBe(times[1]);
    expect((await page.request.get(`/api${visitorLink}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Cancel appointment" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel Kai Lindqvist's appointment?" });
    await confirm.getByLabel("Reason").fill("Customer called to cancel");
    await confirm.getByRole("button", { name: "Cancel and email the customer" }).click();
    await expect(
      page.getByText("Appointment canceled. The customer has been emailed"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel appointment" })).toHaveCount(0);
    await expect(page.getByText("Cancellation reason: Customer called to cancel")).toBeVisible();
    expect((await page.request.get(`/api${freshLink}`)).status()).toBe(404);
  });
}

for (const viewport of VIEWPORTS) {
  test(`a link that has moved its booking ${MANAGE_LIMITS.visitorMovesPerDay} times today says to call, where the visitor is looking, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await skipCookieBanner(page);
    const day = openDay(LIMIT_DAYS[viewport.name]);
    const email = `move-limit-${viewport.name}-${Date.now()}@example.com`;
    const booked = await page.request.post("/api/appointments/add-appointment", {
      data: {
        name: "Pa Nhia Vang",
        email,
        phone: uniquePhone(),
        date: day,
        time: "09:00 AM",
        service: "Auto Insurance",
        message: "",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const link = await manageLinkFromOutbox(email);
    // The day's moves, through the link's API as the page makes them.
    const moves = ["10:00 AM", "11:00 AM", "01:00 PM"].slice(0, MANAGE_LIMITS.visitorMovesPerDay);
    for (const time of moves) {
      const moved = await page.request.post(`/api${link}/reschedule`, {
        data: { date: day, time },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    await page.goto(link);
    await expect(page.getByRole("article")).toContainText("1:00 PM Central time");
    await page.getByRole("button", { name: "Choose another time" }).click();
    await page.getByLabel("New date").fill(day);
    await expect(page.getByText(/times are free on this day/)).toBeVisible();
    await page.getByRole("radio", { name: "3:00 PM", exact: true }).check();
    await page.getByRole("button", { name: "Move my appointment" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Your appointment was not moved.");
    await expect(alert).toContainText(
      MANAGE_MESSAGES.tooManyMoves(MANAGE_LIMITS.visitorMovesPerDay, AGENCY.phone),
    );
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    const call = alert.getByRole("link", { name: `Call ${AGENCY.phone}` });
    await expect(call).toHaveAttribute("href", AGENCY.phoneHref);
    await expect(call).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `e2e/test-results/manage-${viewport.name}-move-limit.png` });
    // Nothing moved: the booking still shows the last time.
    await expect(page.getByRole("article")).toContainText("1:00 PM Central time");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });
}
