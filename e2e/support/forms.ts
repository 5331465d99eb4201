import {
  AGENCY,
  addDays,
  type CalendarDate,
  federalHolidayName,
  formatCalendarDate,
  isWeekend,
  listFederalHolidays,
  parseCalendarDate,
  todayInAgencyZone,
} from "@agency/domain";
import { expect, type Locator, type Page, type Route } from "@playwright/test";

/** Where the site keeps the visitor's cookie choice (features/site/cookie-consent-store). */
export const COOKIE_CONSENT_KEY = "cookieConsent";

/** Shared by the specs of the public forms: contact, booking, quote, the password link. */

export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

export async function skipCookieBanner(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, "necessary");
    } catch {
      // Sandboxed frames (the map) have no storage.
    }
  }, COOKIE_CONSENT_KEY);
}

/**
 * Collects CSP violations (and uncaught errors) on the page from its first script on.
 * Call before `page.goto`; read the array at the end of the test.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction("__reportFormsCsp", (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportFormsCsp: (text: string) => void })
        .__reportFormsCsp;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

function agencyToday(): CalendarDate {
  return todayInAgencyZone(new Date());
}

function shift(date: CalendarDate, days: number): CalendarDate {
  const parts = parseCalendarDate(date);
  if (!parts) throw new Error(`not a date: ${date}`);
  return formatCalendarDate(addDays(parts, days));
}

/**
 * The n-th day after today (Chicago) on which the office takes bookings: a weekday that
 * is not a US federal holiday. Every slot of it is still in the future. Tests that book
 * use different n, because they run in parallel against one database.
 */
export function openDay(n: number): CalendarDate {
  let date = agencyToday();
  for (let found = 0; found < n; ) {
    date = shift(date, 1);
    if (!isWeekend(date) && federalHolidayName(date) === undefined) found += 1;
  }
  return date;
}

/** The next Saturday after today (Chicago). */
export function nextSaturday(): CalendarDate {
  let date = shift(agencyToday(), 1);
  while (!isWeekend(date) || federalHolidayName(date) !== undefined) date = shift(date, 1);
  return date;
}

/** The next weekday on which the office is closed for a federal holiday, with its name. */
export function nextWeekdayHoliday(): { date: CalendarDate; name: string } {
  const today = agencyToday();
  const year = Number(today.slice(0, 4));
  for (const holiday of [...listFederalHolidays(year), ...listFederalHolidays(year + 1)]) {
    const date = holiday.observedDate;
    if (date > today && !isWeekend(date)) return { date, name: holiday.name };
  }
  throw new Error("no federal holiday found");
}

/** The last weekday before today (Chicago). */
export function pastWeekday(): CalendarDate {
  let date = shift(agencyToday(), -1);
  while (isWeekend(date)) date = shift(date, -1);
  return date;
}

/**
 * A valid phone number no other booking in this run uses (one number holds at most two
 * upcoming bookings): 612-555-xxxx would run out, so the exchange varies too.
 */
export function uniquePhone(): string {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return `(612) ${exchange}-${line}`;
}

/** The calendar date `days` after today in Chicago. */
export function daysAfterToday(days: number): CalendarDate {
  return shift(agencyToday(), days);
}

/**
 * A failure message a person cannot miss (issue 16 §1): visible, wholly inside the
 * viewport, and not covered by anything (the sticky header, a toast, the dialog's frame)
 * at its top, middle and bottom.
 */
export async function expectInPlainView(message: Locator): Promise<void> {
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport({ ratio: 1 });
  const covered = await message.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    return [box.top + 2, box.top + box.height / 2, box.bottom - 2].filter((y) => {
      const hit = document.elementFromPoint(x, y);
      return !(hit && element.contains(hit));
    });
  });
  expect(covered, "points of the message covered by something else").toEqual([]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A public form's failure message: exactly `text`, then the offer to call the agency, with
 * its number as a tel: link (issue 26 §4: every failure message offers the phone number).
 */
export async function expectFailureText(
  message: Locator,
  text: string,
  options: { timeout?: number | undefined; name?: string } = {},
): Promise<void> {
  const offer = `You can also call us at ${AGENCY.phone}.`;
  await expect(message, options.name).toHaveText(
    new RegExp(`^\\s*${escapeRegExp(text)}\\s*${escapeRegExp(offer)}\\s*$`),
    { timeout: options.timeout },
  );
  await expect(message.getByRole("link", { name: AGENCY.phone })).toHaveAttribute(
    "href",
    AGENCY.phoneHref,
  );
}

/** How a mocked endpoint answers a form's submission. */
export type Answer = (route: Route) => Promise<void>;

/**
 * One way a submission fails and the message the form must then show. Without `answer` the
 * real server answers (a spent password link's 400 needs no mock).
 */
export type Failure = { name: string; answer?: Answer; text: string };

/** The network fails: the request never reaches the server. */
export const dropConnection: Answer = (route) => route.abort("internetdisconnected");

/** The server answers `status` with `body` as JSON. */
export function answerJson(status: number, body: object): Answer {
  return (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
}

/**
 * Clicks `button` scrolled to the bottom edge of the viewport, where a message that opens
 * below it would be out of sight.
 */
export async function clickAtTheBottomEdge(button: Locator): Promise<void> {
  await button.evaluate((element) => element.scrollIntoView({ block: "end" }));
  await button.click();
}

/**
 * Submits a form once for each failure (issue 16 §1: a 4xx with the server's message, the
 * network, a 5xx), on the same page, and checks each time that the message reads as
 * expected (and offers the phone number), is focused and in plain view, what was typed is kept and the button works again.
 */
export async function failEachWay(
  page: Page,
  {
    endpoint,
    failures,
    submit,
    message,
    button,
    kept = [],
    timeout,
    afterEach,
  }: {
    /** The glob the endpoint is routed by. */
    endpoint: string;
    failures: readonly Failure[];
    submit: () => Promise<void>;
    message: Locator;
    button: Locator;
    /** Fields and the value each must still hold. */
    kept?: ReadonlyArray<readonly [Locator, string]>;
    /** For the message, where the form retries before showing it. */
    timeout?: number;
    /** Further checks of each failure, run before the next one. */
    afterEach?: () => Promise<void>;
  },
): Promise<void> {
  for (const failure of failures) {
    if (failure.answer) await page.route(endpoint, failure.answer);
    await submit();
    await expectFailureText(message, failure.text, { timeout, name: failure.name });
    await expect(message, failure.name).toBeFocused();
    await expectInPlainView(message);
    for (const [field, value] of kept) await expect(field).toHaveValue(value);
    await expect(button).toBeEnabled();
    await afterEach?.();
    await page.unroute(endpoint);
  }
}
