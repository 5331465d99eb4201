import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterCarriers, matchesCarrierName } from "./carrier-filter";

describe("matchesCarrierName", () => {
  it.each([
    ["Great River Commercial (sample)", "great", true],
    ["Great River Commercial (sample)", "GREAT riv", true],
    ["Great River Commercial (sample)", "river great", true],
    ["Great River Commercial (sample)", "greatriver", true],
    ["Great River Commercial (sample)", "  great   river  ", true],
    ["Prairie Home Insurance Co. (sample)", "insurance co.", true],
    ["Prairie Home Insurance Co. (sample)", "prairie-home", true],
    ["Prairie Home Insurance Co. (sample)", "lakeshore", false],
    ["Great River Commercial (sample)", "great lakes", false],
    ["Lakeshore Casualty (sample)", "", true],
    ["Lakeshore Casualty (sample)", "  ", true],
    ["Lakeshore Casualty (sample)", "()", true],
    ["Société Générale Assurances", "societe", false],
    ["Société Générale Assurances", "société", true],
  ])("%s with %j: %s", (name, query, expected) => {
    expect(matchesCarrierName(name, query)).toBe(expected);
  });

  it("finds every carrier by its own name and by any one of its words", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), fc.nat(), (words, pick) => {
        const name = words.join(" ");
        expect(matchesCarrierName(name, name)).toBe(true);
        expect(matchesCarrierName(name, words[pick % words.length] ?? "")).toBe(true);
      }),
    );
  });
});

describe("filterCarriers", () => {
  const carriers = [{ name: "Alpha Mutual" }, { name: "Beta Casualty" }, { name: "Gamma Mutual" }];

  it("keeps the matches in the profile's order", () => {
    expect(filterCarriers(carriers, "mutual").map((c) => c.name)).toEqual([
      "Alpha Mutual",
      "Gamma Mutual",
    ]);
  });

  it("keeps all of them for an empty filter and none for a name nobody has", () => {
    expect(filterCarriers(carriers, "")).toEqual(carriers);
    expect(filterCarriers(carriers, "delta")).toEqual([]);
  });
});
