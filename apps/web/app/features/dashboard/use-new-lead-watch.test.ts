import { describe, expect, it } from "vitest";
import { arrivedKinds } from "./use-new-lead-watch";

const at = (minute: number) => `2026-11-28T15:${String(minute).padStart(2, "0")}:00.000Z`;

describe("which kinds of lead arrived between two polls", () => {
  it("says nothing on the first look, whatever is there", () => {
    expect(arrivedKinds(null, { quote: at(1), contact: at(2), appointment: null })).toEqual([]);
  });

  it("names each kind whose newest arrival is later, or first appeared", () => {
    const before = { quote: at(1), contact: null, appointment: at(3) };
    expect(arrivedKinds(before, before)).toEqual([]);
    expect(arrivedKinds(before, { quote: at(4), contact: at(5), appointment: at(3) })).toEqual([
      "quote",
      "contact",
    ]);
  });

  it("does not call an archived or deleted newest lead an arrival", () => {
    const before = { quote: at(4), contact: at(5), appointment: null };
    expect(arrivedKinds(before, { quote: at(1), contact: null, appointment: null })).toEqual([]);
  });
});
