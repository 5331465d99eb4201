import { AGENCY } from "@agency/domain";
import { describe, expect, it, vi } from "vitest";
import { textOfPage } from "../../test/page-text";
import { ContactPage } from "../contact";
import { HoursPage } from "./hours-page";

// The second profile (booking hours 08:00 to 15:00, open Monday to Friday), switched to
// above every import (vi.hoisted), before the domain derives AGENCY.
await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));

describe("pages with a second profile's booking and opening hours", () => {
  it("is the second profile", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
  });

  it.each([
    ["the hours page", <HoursPage key="hours" />],
    ["the contact page", <ContactPage key="contact" />],
  ])("%s says the profile's booking hours, never the sample's", (_, page) => {
    const text = textOfPage(page);
    expect(text).toMatch(
      /8:00 AM\s+(to|and)\s+3:00 PM|first slot at 8:00 AM and\s+the last at 3:00 PM/,
    );
    expect(text).not.toMatch(/5:00 PM|seven days/);
  });

  it("says the week the profile opens", () => {
    expect(textOfPage(<HoursPage />)).toContain("Our Portland office is open Monday to Friday.");
  });
});
