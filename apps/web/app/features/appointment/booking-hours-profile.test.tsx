import { AGENCY } from "@agency/domain";
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppointmentPage } from "./appointment-page";

// The second profile (booking hours 08:00 to 15:00, open Monday to Friday), switched to
// above every import (vi.hoisted), before the domain derives AGENCY.
await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const textOf = (page: React.ReactNode) =>
  render(<MemoryRouter>{page}</MemoryRouter>).container.textContent ?? "";

describe("the appointment page with a second profile's booking hours", () => {
  it("is the second profile", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
  });

  it("says the profile's booking hours, never the sample's", () => {
    const text = textOf(<AppointmentPage formId="appointment_form" />);
    expect(text).toMatch(/8:00 AM\s+(to|and)\s+3:00 PM/);
    expect(text).not.toMatch(/5:00 PM/);
  });
});
