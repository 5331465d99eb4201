import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIRST_TOUCH_LIMITS, firstTouchLabel, firstTouchOf } from "./first-touch.ts";
import { FirstTouchSchema } from "./first-touch-schema.ts";

const OWN = "www.agency.example";

describe("firstTouchOf", () => {
  it.each([
    [
      "utm parameters win",
      "https://agency.example/?utm_source=Newsletter&utm_medium=Email&utm_campaign=Fall%202026",
      "https://www.google.com/",
      { source: "newsletter", medium: "email", campaign: "Fall 2026" },
    ],
    [
      "another site",
      "https://agency.example/quote",
      "https://www.google.com/search?q=x",
      { source: "google.com", medium: "referral", campaign: "" },
    ],
    [
      "our own site is no referrer",
      "https://agency.example/",
      "https://agency.example/about",
      { source: "direct", medium: "", campaign: "" },
    ],
    ["no referrer", "https://agency.example/", "", { source: "direct", medium: "", campaign: "" }],
    [
      "an empty utm_source",
      "https://agency.example/?utm_source=&utm_medium=cpc",
      "",
      { source: "direct", medium: "", campaign: "" },
    ],
    [
      "a non-web referrer",
      "https://agency.example/",
      "android-app://com.x/",
      { source: "direct", medium: "", campaign: "" },
    ],
    [
      "a malformed escape",
      "https://agency.example/?utm_source=%E0%A4%A",
      "",
      { source: "%e0%a4%a", medium: "", campaign: "" },
    ],
    [
      "Unicode",
      "https://agency.example/?utm_source=Café+Zoë",
      "",
      { source: "café zoë", medium: "", campaign: "" },
    ],
  ])("%s", (_name, url, referrer, touch) => {
    expect(firstTouchOf(url, referrer, OWN)).toEqual(touch);
  });

  it("always answers bounded, clean text the server accepts (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
        const touch = firstTouchOf(`https://x.example/?utm_source=${a}&utm_campaign=${b}`, b, OWN);
        expect(touch.source.length).toBeLessThanOrEqual(FIRST_TOUCH_LIMITS.source);
        expect(touch.campaign.length).toBeLessThanOrEqual(FIRST_TOUCH_LIMITS.campaign);
        expect(touch.source).not.toBe("");
        expect(FirstTouchSchema.safeParse(touch).success).toBe(true);
      }),
    );
  });

  it("reads as one line", () => {
    expect(firstTouchLabel({ source: "newsletter", medium: "email", campaign: "fall" })).toBe(
      "newsletter / email / fall",
    );
    expect(firstTouchLabel({ source: "", medium: "", campaign: "" })).toBe("direct");
  });
});
