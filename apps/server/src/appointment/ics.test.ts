import { AGENCY } from "@agency/domain";
import { describe, expect, it } from "vitest";
import { readInvite } from "../test/ical.ts";
import { appointmentInvite, type InviteInput } from "./ics.ts";

const invite = (overrides: Partial<InviteInput>) =>
  appointmentInvite(
    {
      uid: "a1",
      sequence: 0,
      method: "REQUEST",
      date: "2026-11-02",
      time: "09:00 AM",
      service: "Auto Insurance",
      attendeeEmail: "ana@example.com",
      ...overrides,
    },
    new Date("2026-10-20T12:00:00Z"),
  );

describe("calendar invitations (RFC 5545, read by ical.js)", () => {
  it.each([
    // The Monday after DST ends (Sunday 2026-11-01): CST, UTC−6.
    ["2026-11-02", "09:00 AM", "2026-11-02T15:00:00.000Z", "2026-11-02T15:30:00.000Z"],
    // The Friday before it ends: still CDT, UTC−5.
    ["2026-10-30", "05:00 PM", "2026-10-30T22:00:00.000Z", "2026-10-30T22:30:00.000Z"],
    // The Monday after DST starts (Sunday 2027-03-14): CDT, UTC−5.
    ["2027-03-15", "09:00 AM", "2027-03-15T14:00:00.000Z", "2027-03-15T14:30:00.000Z"],
    // The Friday before it starts: CST, UTC−6.
    ["2027-03-12", "01:00 PM", "2027-03-12T19:00:00.000Z", "2027-03-12T19:30:00.000Z"],
  ] as const)("places %s %s in America/Chicago at the right instant", (date, time, start, end) => {
    const read = readInvite(invite({ date, time }));
    expect(read).toMatchObject({ start, end, zone: "America/Chicago", method: "REQUEST" });
  });

  it("keeps the UID, carries the SEQUENCE, and cancels with METHOD:CANCEL and STATUS:CANCELLED", () => {
    const request = readInvite(invite({ sequence: 1 }));
    const cancel = readInvite(invite({ sequence: 2, method: "CANCEL" }));
    expect(request).toMatchObject({ uid: `a1@${new URL(AGENCY.siteUrl).host}`, sequence: 1 });
    expect(request.status).toBe("TENTATIVE");
    expect(cancel).toMatchObject({
      uid: `a1@${new URL(AGENCY.siteUrl).host}`,
      sequence: 2,
      method: "CANCEL",
      status: "CANCELLED",
    });
  });
});
