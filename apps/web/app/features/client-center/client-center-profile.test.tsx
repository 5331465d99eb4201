import { AGENCY } from "@agency/domain";
import { describe, expect, it, vi } from "vitest";
import { textOfPage } from "../../test/page-text";
import { ClientCenterPage } from "./client-center-page";

// The second profile (one carrier, without a logo or a customer service line), switched to
// above every import (vi.hoisted), before the domain derives AGENCY.
await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));

describe("the Client Center with a second profile", () => {
  it("is the second profile", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
  });

  it("names the profile's carriers and numbers, never the sample's", () => {
    const text = textOfPage(<ClientCenterPage />);
    expect(text).toContain("Example Marine");
    expect(text).toContain("(800) 555-0177");
    expect(text).toContain(AGENCY.phone);
    expect(text).not.toMatch(/\(sample\)|Sample Mutual|Great River|North Lakes|\(612\)/);
  });
});
