import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWeekend, parseCalendarDate } from "../calendar-date.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { todayInAgencyZone } from "../time-zone.ts";
import { isPrivacyRequestOverdue, privacyRequestDueOn } from "./due.ts";
import { PRIVACY_REQUEST_FIELD_MESSAGES as M } from "./messages.ts";
import { PrivacyRequestSchema } from "./schema.ts";

describe("privacyRequestDueOn (30 business days after verification, Central)", () => {
  it.each([
    // Friday 11 PM Central is Saturday 05:00 UTC: still Friday's day in Minnesota.
    ["a Friday at 11 PM Central", "2026-11-21T05:00:00Z", "2027-01-06"],
    // The Monday before Thanksgiving: Thanksgiving, Christmas, New Year's Day skipped.
    ["the Monday before Thanksgiving", "2026-11-23T16:00:00Z", "2027-01-07"],
    // Christmas Eve: Christmas (Fri), New Year's Day (Fri) and MLK Day (Jan 18) skipped.
    ["Christmas Eve", "2026-12-24T18:00:00Z", "2027-02-09"],
    // A Saturday counts from the Monday after.
    ["a Saturday", "2026-12-05T18:00:00Z", "2027-01-20"],
    // Christmas 2027 and New Year's Day 2028 fall on Saturdays: observed Friday,
    // December 24 and Friday, December 31, 2027; MLK Day is January 17, 2028.
    ["mid-December 2027", "2027-12-15T18:00:00Z", "2028-01-31"],
  ])("%s", (_label, verifiedAt, due) => {
    expect(privacyRequestDueOn(new Date(verifiedAt))).toBe(due);
  });

  it("counts a Friday 11 PM Central request from Friday, not from Saturday (UTC)", () => {
    // 11 PM Central on Friday, November 20, 2026 is already Saturday in UTC.
    const friday = privacyRequestDueOn(new Date("2026-11-21T05:00:00Z"));
    const fridayNoon = privacyRequestDueOn(new Date("2026-11-20T18:00:00Z"));
    expect(friday).toBe(fridayNoon);
  });

  it("is always a business day, exactly 30 business days on", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2025-01-01T00:00:00Z"),
          max: new Date("2030-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (verifiedAt) => {
          const due = privacyRequestDueOn(verifiedAt);
          const parts = parseCalendarDate(due);
          expect(parts).toBeDefined();
          expect(isWeekend(due)).toBe(false);
          expect(federalHolidayName(due)).toBeUndefined();
          // At least six calendar weeks, at most ten, after the Central day.
          const start = Date.parse(`${todayInAgencyZone(verifiedAt)}T00:00:00Z`);
          const days = (Date.parse(`${due}T00:00:00Z`) - start) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(40);
          expect(days).toBeLessThanOrEqual(50);
        },
      ),
    );
  });

  it("marks only open requests past their day overdue", () => {
    expect(isPrivacyRequestOverdue("2027-01-06", "2027-01-07", false)).toBe(true);
    expect(isPrivacyRequestOverdue("2027-01-06", "2027-01-06", false)).toBe(false);
    expect(isPrivacyRequestOverdue("2027-01-06", "2027-01-07", true)).toBe(false);
    expect(isPrivacyRequestOverdue(null, "2027-01-07", false)).toBe(false);
  });
});

describe("PrivacyRequestSchema", () => {
  const valid = { name: "Zoë Ng", email: "zoe@example.com", kind: "access" };
  const first = (input: unknown) => {
    const result = PrivacyRequestSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it("takes a name, one mailbox and a kind; phone and details are optional", () => {
    expect(PrivacyRequestSchema.parse(valid)).toEqual({ ...valid, phone: "", details: "" });
    expect(PrivacyRequestSchema.parse({ ...valid, phone: "+1 (612) 555-0199" }).phone).toBe(
      "6125550199",
    );
  });

  it.each([
    [{ email: "a@example.com, b@example.com" }, M.emailInvalid],
    [{ email: "a@example.com b@example.com" }, M.emailInvalid],
    [{ email: "a@example.com\r\nBcc: c@example.com" }, M.emailInvalid],
    [{ email: `a@${`${"x".repeat(60)}.`.repeat(5)}com` }, M.emailTooLong],
    [{ name: " \u0000\u0007 " }, M.nameRequired],
    [{ kind: "stop" }, M.kindInvalid],
    [{ details: "d".repeat(2001) }, M.detailsTooLong],
    [{ phone: "555" }, M.phoneInvalid],
  ])("refuses %j", (over, message) => {
    expect(first({ ...valid, ...over })).toBe(message);
  });

  it("keeps line breaks in details and drops controls and tags' brackets", () => {
    const parsed = PrivacyRequestSchema.parse({ ...valid, details: "line one\nline\u0007 two" });
    expect(parsed.details).toBe("line one\nline two");
  });

  it("never throws on any Unicode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const result = PrivacyRequestSchema.safeParse({ ...valid, name: text, details: text });
        if (result.success) expect(result.data.details.length).toBeLessThanOrEqual(2000);
      }),
      // Fewer runs than the default: each builds 300-character strings of any code unit.
      { numRuns: 40 },
    );
  });
});
