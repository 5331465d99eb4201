import { describe, expect, it } from "vitest";
import { isUsStateCode, US_STATE_CODES, US_STATES, usStateName } from "./us-states.ts";

describe("US states", () => {
  it("lists the 50 states once each, as two-letter codes", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    for (const code of US_STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("leaves out DC and the territories", () => {
    for (const code of ["DC", "PR", "GU", "VI"]) expect(isUsStateCode(code)).toBe(false);
  });

  it.each([
    ["MN", "Minnesota"],
    ["WI", "Wisconsin"],
    ["AK", "Alaska"],
    ["WY", "Wyoming"],
  ] as const)("%s is %s", (code, name) => {
    expect(isUsStateCode(code)).toBe(true);
    expect(usStateName(code)).toBe(name);
  });
});
