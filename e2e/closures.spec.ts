import { createAccount, openDashboard, signIn, uniqueTag } from "./support/dashboard.ts";
import { expectNoHorizontalScroll, openDay, uniquePhone } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Closed days and hours and agents per slot in Settings (issue 15, decision 0034): an admin
 * closes some hours and a whole day, and the public booking form stops offering them at
 * once; deleting a closure (confirmed) offers them again; a closure over a booked appointment
 * lists it with a link. Each width has days of its own (openDay 3–8), clear of the other
 * specs' bookings (booking 1–2 and 20–29, manage-booking 11–16, the dashboard helper 30–57,
 * calendar 58).
 */

const admin = createAccount("admin");

async function openSettings(page: Page) {
  await signIn(page, admin);
  await openDashboard(page, "settings");
  return page.getByRole("region", { name: "Closed days and hours" });
}

async function openBookingDay(page: Page, date: string) {
  await page.goto("/appointments");
  const form = page.locator("form#appointment_form");
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Preferred date").fill(date);
  return form;
}

for (const [index, width] of [1280, 375].entries()) {
  test.describe(`closures at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });
    const hoursDay = openDay(3 + index * 2);
    const wholeDay = openDay(4 + index * 2);
    const bookedDay = openDay(7 + index);

    test("an admin closes hours and a whole day; the booking form stops offering them", async ({
      page,
    }, info) => {
      // Two pages and a dozen round trips on a machine shared with other runs.
      test.setTimeout(90_000);
      const section = await openSettings(page);
      await expect(section.getByRole("heading", { name: "Upcoming closures" })).toBeVisible();

      // A mistake first: the end before the start, shown beside the field.
      await section.getByLabel("Date").fill(hoursDay);
      await section.getByLabel("Some hours").check();
      await section.getByLabel("From").selectOption("03:00 PM");
      await section.getByLabel("To").selectOption("01:00 PM");
      await section.getByLabel("Reason").fill(`Training ${width}`);
      await section.getByRole("button", { name: "Add closure" }).click();
      await expect(section.getByText("The end time must be after the start time")).toBeVisible();
      await expect(section.getByLabel("To")).toBeFocused();
      await expect(section.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
      await page.screenshot({
        path: info.outputPath(`closure-error-${width}.png`),
        fullPage: true,
      });

      await section.getByLabel("From").selectOption("01:00 PM");
      await section.getByLabel("To").selectOption("03:00 PM");
      await section.getByRole("button", { name: "Add closure" }).click();
      await expect(
        section.getByText("Closure added. Those times can no longer be booked."),
      ).toBeVisible();
      const list = section.getByRole("list").last();
      const training = list.getByRole("listitem").filter({ hasText: `Training ${width}` });
      await expect(training).toContainText("1:00 PM – 3:00 PM");

      // The whole day, by keyboard: the radio, the reason, Enter submits.
      await section.getByLabel("Date").fill(wholeDay);
      await section.getByLabel("The whole day").check();
      await section.getByLabel("Reason").fill(`Office closed 🎄 ${width}`);
      await section.getByLabel("Reason").press("Enter");
      const closedDay = list.getByRole("listitem").filter({ hasText: `Office closed 🎄 ${width}` });
      await expect(closedDay).toContainText("Whole day");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: info.outputPath(`closures-${width}.png`), fullPage: true });

      // The public form, in another page of the same browser: nothing cached.
      const visitor = await page.context().newPage();
      const form = await openBookingDay(visitor, hoursDay);
      const times = form.getByRole("group", { name: /Preferred time/ });
      await expect(form.getByText("7 of 9 times are free on this day.")).toBeVisible();
      await expect(times.getByRole("radio", { name: "1:00 PM — taken" })).toBeDisabled();
      await expect(times.getByRole("radio", { name: "2:00 PM — taken" })).toBeDisabled();
      await expect(times.getByRole("radio", { name: "3:00 PM", exact: true })).toBeEnabled();
      await expectNoHorizontalScroll(visitor);
      await visitor.screenshot({
        path: info.outputPath(`booking-hours-${width}.png`),
        fullPage: true,
      });

      await form.getByLabel("Preferred date").fill(wholeDay);
      await expect(
        form.getByText(
          `The office is closed on that day (Office closed 🎄 ${width}). Please choose another day.`,
        ),
      ).toBeVisible();
      for (const radio of await times.getByRole("radio").all()) await expect(radio).toBeDisabled();
      await visitor.screenshot({
        path: info.outputPath(`booking-closed-${width}.png`),
        fullPage: true,
      });

      // Deleting the whole-day closure (confirmed in a dialog) reopens the day.
      await closedDay
        .getByRole("button", { name: /^Delete the closure of .*, Whole day$/ })
        .click();
      const dialog = page.getByRole("alertdialog", { name: "Delete this closure?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
      await page.screenshot({ path: info.outputPath(`closure-delete-${width}.png`) });
      await dialog.getByRole("button", { name: "Delete closure" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        section.getByText("Closure deleted. Those times can be booked again."),
      ).toBeVisible();
      await expect(closedDay).toHaveCount(0);
      await visitor.reload();
      const again = await openBookingDay(visitor, wholeDay);
      await expect(again.getByText("9 of 9 times are free on this day.")).toBeVisible();
    });

    test("a closure over a booked appointment keeps it and links to it", async ({
      page,
      request,
    }, info) => {
      const name = `Ana ${uniqueTag("Cl")}`;
      const booked = await request.post("/api/appointments/add-appointment", {
        data: {
          name,
          email: `${name.split(" ")[1]?.toLowerCase()}@example.com`,
          phone: uniquePhone(),
          date: bookedDay,
          time: "10:00 AM",
          service: "Home Insurance",
          message: "",
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const id = ((await booked.json()) as { data: { _id: string } }).data._id;

      const section = await openSettings(page);
      await section.getByLabel("Date").fill(bookedDay);
      await section.getByLabel("Some hours").check();
      await section.getByLabel("From").selectOption("09:00 AM");
      await section.getByLabel("To").selectOption("12:00 PM");
      await section.getByLabel("Reason").fill(`Staff meeting ${width}`);
      await section.getByRole("button", { name: "Add closure" }).click();
      await expect(
        section.getByText(
          "Closure added. 1 appointment is already booked in that time: move or cancel it.",
        ),
      ).toBeVisible();
      const link = section.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", `/dashboard/appointments/${id}`);
      await expect(section.getByRole("status")).toContainText("10:00 AM Central time");
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: info.outputPath(`closure-booked-${width}.png`),
        fullPage: true,
      });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/${id}$`));
      await expect(page.getByText(name).first()).toBeVisible();
    });

    test("agents per slot refuses a bad value in view and saves a good one", async ({
      page,
    }, info) => {
      await signIn(page, admin);
      await openDashboard(page, "settings");
      const section = page.getByRole("region", { name: "Scheduling" });
      const field = section.getByLabel("Agents per slot");
      await expect(field).toHaveValue("1");
      await field.fill("21");
      await section.getByRole("button", { name: "Save" }).click();
      await expect(section.getByText("Agents per slot must be between 1 and 20")).toBeVisible();
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await page.screenshot({ path: info.outputPath(`capacity-error-${width}.png`) });
      // 1 again: the other specs running beside this one expect one booking per slot.
      await field.fill("1");
      await field.press("Enter");
      await expect(
        section.getByText("Saved. Each time slot now takes up to 1 appointment."),
      ).toBeVisible();
      await page.reload();
      await expect(
        page.getByRole("region", { name: "Scheduling" }).getByLabel("Agents per slot"),
      ).toHaveValue("1");
    });
  });
}
