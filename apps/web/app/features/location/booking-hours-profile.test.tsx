import { AGENCY } from "@agency/domain";
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ContactPage } from "../contact";
import { HoursPage } from "./hours-page";

// AGENCY is derived when the domain is first imported: point AGENCY_DIR at the second
// profile (booking hours 08:00 to 15:00, open Monday to Friday) before any import runs.
const previousAgencyDir = vi.hoisted(() => {
  const previous = process.env.AGENCY_DIR;
  process.env.AGENCY_DIR = `${import.meta.dirname}/../../../../../test-fixtures/other-agency`;
  return previous;
});
afterAll(() => {
  if (previousAgencyDir === undefined) delete process.env.AGENCY_DIR;
  else process.env.AGENCY_DIR = previousAgencyDir;
});

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const textOf = (page: React.ReactNode) =>
  render(<MemoryRouter>{page}</MemoryRouter>).container.textContent ?? "";

describe("pages with a second profile's booking and opening hours", () => {
  it("is the second profile", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
  });

  it.each([
    ["the hours page", <HoursPage key="hours" />],
    ["the contact page", <ContactPage key="contact" />],
  ])("%s says the profile's booking hours, never the sample's", (_, page) => {
    const text = textOf(page);
    expect(text).toMatch(
      /8:00 AM\s+(to|and)\s+3:00 PM|first slot at 8:00 AM and\s+the last at 3:00 PM/,
    );
    expect(text).not.toMatch(/5:00 PM|seven days/);
  });

  it("says the week the profile opens", () => {
    expect(textOf(<HoursPage />)).toContain("Our Portland office is open Monday to Friday.");
  });
});
