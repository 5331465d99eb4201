import {
  type CalendarDate,
  calendarDays,
  dayOfWeek,
  mondayOf,
  parseCalendarDate,
  shiftDate,
  TIME_SLOTS,
  todayInAgencyZone,
} from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import { type Account, adminToken, createAccount, signIn, uniqueTag } from "./support/dashboard.ts";
import { expectNoHorizontalScroll, openDay, uniquePhone } from "./support/forms.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

/**
 * The appointments calendar and Today's schedule (issue 15, section 3; decision 0037): a
 * week or a day of the nine slots in Central time, its place in the address (Back,
 * Forward, reload), walked and opened by keyboard alone, at 1280 and 375 px.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = "test-results/screenshots";
const CALENDAR = "/dashboard/appointments";

/** Books through the public API, as a visitor does; answers the new appointment's id. */
async function book(
  request: APIRequestContext,
  name: string,
  date: CalendarDate,
  time: string,
): Promise<{ status: number; id: string }> {
  const response = await request.post("/api/appointments/add-appointment", {
    data: {
      name,
      email: `${uniqueTag("cal").toLowerCase()}@example.com`,
      phone: uniquePhone(),
      date,
      time,
      service: "Home Insurance",
      message: "Calendar journey",
    },
  });
  const body = (await response.json()) as { data?: { _id: string } };
  return { status: response.status(), id: body.data?._id ?? "" };
}

const weekdayIndex = (date: CalendarDate) =>
  dayOfWeek(parseCalendarDate(date) ?? { year: 2000, month: 1, day: 3 }) - 1;

/** Tabs (only the keyboard) until a calendar cell has the focus. */
async function tabIntoGrid(page: Page) {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.hasAttribute("data-cell"))) return;
  }
  throw new Error("Tab never reached the calendar");
}

const focusedCell = (page: Page) => page.locator("[data-cell]:focus");

/** WCAG 2.2 AA, automated part (as e2e/a11y.spec.ts scans the public pages). */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}
const grid = (page: Page) => page.getByRole("grid");

// Both widths book on one day far ahead (clear of the other specs' days, inside the
// booking horizon), at slots of their own.
for (const { label, width, height, isPhone, morningTime, afternoonTime } of [
  {
    label: "1280",
    width: 1280,
    height: 900,
    isPhone: false,
    morningTime: "10:00 AM",
    afternoonTime: "02:00 PM",
  },
  {
    label: "375",
    width: 375,
    height: 740,
    isPhone: true,
    morningTime: "11:00 AM",
    afternoonTime: "03:00 PM",
  },
] as const) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });
    let agent: Account;
    test.beforeAll(() => {
      agent = createAccount("agent");
    });

    test("walks a week and a day by keyboard, opens appointments, and keeps its place in the address", async ({
      page,
      request,
    }) => {
      const day = openDay(58);
      const tag = uniqueTag("Cal");
      const morning = await book(request, `${tag} Morning`, day, morningTime);
      const afternoon = await book(request, `${tag} Afternoon`, day, afternoonTime);
      const morningRow = TIME_SLOTS.indexOf(morningTime);
      const rowsUpToAfternoon = TIME_SLOTS.length - 1 - TIME_SLOTS.indexOf(afternoonTime);
      // The afternoon one is called off: it stays on the calendar, visibly different.
      const cancelled = await request.patch(`/api/appointments/${afternoon.id}/status`, {
        headers: { authorization: `Bearer ${await adminToken(request, agent)}` },
        data: { status: "cancelled" },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      expect([morning.status, afternoon.status]).toEqual([201, 201]);
      const monday = mondayOf(day);

      await signIn(page, agent);
      // The bare calendar address: a week on a wide screen, a day on a phone.
      await page.goto(`${CALENDAR}?view=calendar`);
      await expect(page.getByRole("link", { name: "Calendar", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(
        page.getByRole("button", { name: isPhone ? "Day" : "Week", exact: true }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByText(/^Times in Central time \((CST|CDT)\)/)).toBeVisible();
      await expect(grid(page).getByRole("columnheader")).toHaveCount(isPhone ? 2 : 6);
      await expect(grid(page).getByRole("rowheader")).toHaveText(
        TIME_SLOTS.map((slot) => slot.replace(/^0/, "")),
      );
      await expectNoHorizontalScroll(page);

      // The week of the booked day, by its address.
      await page.goto(`${CALENDAR}?view=calendar&mode=week&date=${day}`);
      const columns = calendarDays("week", day);
      await expect(grid(page).getByRole("columnheader")).toHaveCount(6);
      await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
      expect(columns).toHaveLength(5);
      const calledOff = grid(page).getByRole("link", { name: `${tag} Afternoon` });
      await expect(calledOff).toContainText("Canceled");
      await expect(calledOff.getByText(`${tag} Afternoon`)).toHaveCSS(
        "text-decoration-line",
        "line-through",
      );
      await expect(grid(page).getByRole("link", { name: `${tag} Morning` })).toContainText("New");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/calendar-week-${label}.png`, fullPage: true });

      // Keyboard only: into the grid (Monday, 9:00 AM), across to the day, down to the slot.
      await tabIntoGrid(page);
      await expect(focusedCell(page)).toHaveAttribute("data-cell", "0-0");
      for (let i = 0; i < weekdayIndex(day); i += 1) await page.keyboard.press("ArrowRight");
      for (let i = 0; i < morningRow; i += 1) await page.keyboard.press("ArrowDown");
      await expect(focusedCell(page)).toContainText(`${tag} Morning`);
      await page.screenshot({ path: `${SHOTS}/calendar-focus-${label}.png` });
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/${morning.id}$`));
      await expect(page.getByText(`${tag} Morning`).first()).toBeVisible();

      // Back returns to the same week; Forward to the lead again.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`view=calendar&mode=week&date=${day}$`));
      await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/${morning.id}$`));
      await page.goBack();
      await expect(grid(page)).toBeVisible();

      // Page Down and Page Up change the week; the focus stays in the grid.
      await tabIntoGrid(page);
      await page.keyboard.press("PageDown");
      await expect(page).toHaveURL(new RegExp(`date=${shiftDate(monday, 7)}$`));
      await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(0);
      await expect(focusedCell(page)).toHaveCount(1);
      await page.keyboard.press("PageUp");
      await expect(page).toHaveURL(new RegExp(`date=${monday}$`));
      await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
      await expect(focusedCell(page)).toHaveCount(1);
      // End and Home go to the row's ends (Friday, Monday).
      await page.keyboard.press("End");
      await expect(focusedCell(page)).toHaveAttribute("data-cell", /-4$/);
      await page.keyboard.press("Home");
      await expect(focusedCell(page)).toHaveAttribute("data-cell", /-0$/);

      // The day view of Monday; Right steps day by day (each a page of its own) to the day.
      await page.getByRole("button", { name: "Day", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`mode=day&date=${monday}$`));
      await expect(grid(page).getByRole("columnheader")).toHaveCount(2);
      await tabIntoGrid(page);
      for (let i = 0; i < weekdayIndex(day); i += 1) await page.keyboard.press("ArrowRight");
      await expect(page).toHaveURL(new RegExp(`mode=day&date=${day}$`));
      await expect(grid(page).getByRole("columnheader").nth(1)).toContainText(
        new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long" }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      );
      // Ctrl+End is the day's last slot; up from there to the afternoon booking.
      await page.keyboard.press("Control+End");
      await expect(focusedCell(page)).toHaveAttribute("data-cell", `${TIME_SLOTS.length - 1}-0`);
      for (let i = 0; i < rowsUpToAfternoon; i += 1) await page.keyboard.press("ArrowUp");
      await expect(focusedCell(page)).toContainText(`${tag} Afternoon`);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${SHOTS}/calendar-day-${label}.png`, fullPage: true });

      // A reload keeps the day.
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`mode=day&date=${day}$`));
      await expect(grid(page).getByRole("link", { name: `${tag} Afternoon` })).toBeVisible();
      await tabIntoGrid(page);
      await page.keyboard.press("Control+End");
      for (let i = 0; i < rowsUpToAfternoon; i += 1) await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/${afternoon.id}$`));

      // Back: the day; Back again: the day before it in the walk; Forward: the day again.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`mode=day&date=${day}$`));
      if (day !== monday) {
        await page.goBack();
        await expect(page).not.toHaveURL(new RegExp(`date=${day}$`));
        await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(0);
        await page.goForward();
        await expect(page).toHaveURL(new RegExp(`mode=day&date=${day}$`));
        await expect(grid(page).getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
      }

      // The List | Calendar switch.
      await page.getByRole("link", { name: "List", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${CALENDAR}$`));
      await expect(page.getByRole("grid")).toHaveCount(0);
      await page.goBack();
      await expect(grid(page)).toBeVisible();
    });

    test("Today's schedule lists today's appointments and opens them", async ({
      page,
      request,
    }) => {
      const account = createAccount(isPhone ? "agent" : "manager");
      const today = todayInAgencyZone(new Date());
      const slots = (await (
        await request.get(`/api/appointments/available-slots?date=${today}`)
      ).json()) as { slots: { time: string; available: boolean }[] };
      // The latest free slots (the widths take different ones; the clock moves on meanwhile).
      const free = slots.slots.filter((slot) => slot.available).map((slot) => slot.time);
      const name = `${uniqueTag("Today")} Visitor`;
      let bookedId = "";
      for (const time of isPhone ? [...free].reverse() : [...free].reverse().slice(1)) {
        const result = await book(request, name, today, time);
        if (result.status === 201) {
          bookedId = result.id;
          break;
        }
      }

      await signIn(page, account);
      await page.goto("/dashboard");
      const schedule = page.getByRole("region", { name: "Today's schedule" });
      await expect(schedule).toBeVisible();
      await expect(schedule.getByText(/Central time \((CST|CDT)\)/)).toBeVisible();
      if (bookedId) {
        const link = schedule.getByRole("link", { name });
        await expect(link).toBeVisible();
        await expect(
          schedule.getByRole("listitem").filter({ has: page.getByRole("link", { name }) }),
        ).toContainText("New");
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await schedule.screenshot({ path: `${SHOTS}/todays-schedule-${label}.png` });
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/${bookedId}$`));
      } else {
        // No bookable slot is left today (a weekend, a holiday, or after 5 PM): whatever
        // today holds is what the API says.
        const token = await adminToken(request, account);
        const answer = (await (
          await request.get("/api/appointments/today", {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: unknown[] };
        if (answer.data.length === 0) {
          await expect(schedule.getByText("No appointments today")).toBeVisible();
        } else {
          await expect(schedule.getByRole("listitem")).toHaveCount(answer.data.length);
        }
        await schedule.screenshot({ path: `${SHOTS}/todays-schedule-${label}.png` });
      }
    });
  });
}
