import { AGENCY } from "@agency/domain";
import { describe, expect, it, vi } from "vitest";
import { textOfPage } from "../../test/page-text";
import { AppointmentPage } from "./appointment-page";

// The second profile (booking hours 08:00 to 15:00, open Monday to Friday), switched to
// above every import (vi.hoisted), before the domain derives AGENCY.
await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));

describe("the appointment page with a second profile's booking hours", () => {
  it("is the second profile", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
  });

  it("says the profile's booking hours, never the sample's", () => {
    const text = textOfPage(<AppointmentPage formId="appointment_form" />);
    expect(text).toMatch(/8:00 AM\s+(to|and)\s+3:00 PM/);
    expect(text).not.toMatch(/5:00 PM/);
  });
});
