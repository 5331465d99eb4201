import { afterAll, describe, expect, it } from "vitest";
import { isWeekend } from "../calendar-date.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import { createPersonalInfoSchema } from "../quote/schema.ts";
import { readAgencyWallClock, todayInAgencyZone } from "../time-zone.ts";
import { availableSlotTimes, checkAppointmentDate, checkAppointmentSlot } from "./availability.ts";
import { createAppointmentSchema } from "./schema.ts";

/**
 * The date rules must give the same answers whatever time zone the process runs in
 * (a server in UTC, a browser in Tokyo). This file switches the process zone, proves the
 * switch took effect, and compares every answer with the one computed under UTC.
 */
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } })
  .process.env;
const originalZone = env.TZ;

afterAll(() => {
  if (originalZone === undefined) delete env.TZ;
  else env.TZ = originalZone;
});

/** Local clock hour at 2026-01-01T12:00Z in each zone, to prove the switch happened. */
const ZONES = [
  ["UTC", 12],
  ["Pacific/Kiritimati", 2],
  ["Pacific/Pago_Pago", 1],
  ["Asia/Kolkata", 17],
  ["Australia/Lord_Howe", 23],
  ["America/St_Johns", 8],
  ["America/Chicago", 6],
  ["America/Los_Angeles", 4],
] as const;

const INSTANTS = [
  "2026-11-23T05:30:00Z",
  "2026-11-23T06:00:00Z",
  "2026-11-23T14:59:59Z",
  "2026-11-23T15:00:01Z",
  "2026-11-23T22:59:59Z",
  "2026-03-08T07:59:59Z",
  "2026-03-08T08:00:00Z",
  "2026-03-09T14:00:01Z",
  "2026-11-01T06:59:59Z",
  "2026-11-01T07:00:00Z",
  "2026-12-31T23:30:00Z",
  "2027-01-01T05:59:59Z",
];

const DATES = [
  "2026-11-20",
  "2026-11-22",
  "2026-11-23",
  "2026-11-24",
  "2026-11-26",
  "2026-11-28",
  "2026-03-09",
  "2026-07-03",
  "2026-12-31",
  "2027-01-01",
  "2027-12-31",
];

function answers() {
  return INSTANTS.map((instant) => {
    const now = new Date(instant);
    const appointments = createAppointmentSchema(now);
    const personalInfo = createPersonalInfoSchema(now);
    return {
      instant,
      today: todayInAgencyZone(now),
      wallClock: readAgencyWallClock(now),
      byDate: DATES.map((date) => ({
        date,
        isWeekend: isWeekend(date),
        holiday: federalHolidayName(date),
        dateError: checkAppointmentDate(date, now),
        slotError: checkAppointmentSlot(date, "09:00 AM", now),
        slots: availableSlotTimes(date, now),
        bookingErrors: zodIssuesToFieldErrors(
          appointments.safeParse({
            name: "Ann Lee",
            email: "ann@example.com",
            phone: "6125550100",
            date,
            time: "09:00 AM",
            service: "Other",
          }).error ?? { issues: [] },
        ),
        birthDateErrors: zodIssuesToFieldErrors(
          personalInfo.safeParse({
            firstName: "Ann",
            lastName: "Lee",
            email: "ann@example.com",
            phone: "6125550100",
            address: "1 Main St",
            city: "Minneapolis",
            state: "MN",
            zip: "55401",
            dob: date,
          }).error ?? { issues: [] },
        ),
      })),
    };
  });
}

function useProcessZone(zone: string, expectedNoonHour: number) {
  env.TZ = zone;
  // Proof that Date now runs in that zone; otherwise this test would prove nothing.
  expect(new Date(Date.UTC(2026, 0, 1, 12)).getHours()).toBe(expectedNoonHour);
}

describe("date rules ignore the process time zone", () => {
  useProcessZone("UTC", 12);
  const baseline = answers();

  it("baseline: pinned answers hold under UTC", () => {
    const sundayLate = baseline[0];
    expect(sundayLate?.today).toBe("2026-11-22");
    expect(sundayLate?.byDate.find((row) => row.date === "2026-11-22")?.dateError).toBe(
      "Please select a weekday (Monday-Friday)",
    );
    expect(sundayLate?.byDate.find((row) => row.date === "2026-11-23")?.slots).toHaveLength(9);
    expect(baseline[3]?.byDate.find((row) => row.date === "2026-11-23")?.slots[0]).toBe("10:00 AM");
  });

  it.each(ZONES)("gives identical answers with TZ=%s", (zone, noonHour) => {
    useProcessZone(zone, noonHour);
    expect(answers()).toEqual(baseline);
  });
});
