import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newId, nowIso } from "./ids.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newId", () => {
  it("is a UUID version 7 that carries its millisecond", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (ms) => {
        const id = newId(ms);
        expect(id).toMatch(UUID_V7);
        expect(Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(ms);
      }),
    );
  });

  it("sorts by time, and never repeats", () => {
    const at = Date.parse("2026-11-28T12:00:00Z");
    const ids = Array.from({ length: 50_000 }, (_, i) => newId(at + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 100; i < ids.length; i += 100) {
      expect((ids[i - 1] as string) < (ids[i] as string)).toBe(true);
    }
  });
});

describe("nowIso", () => {
  it("formats every instant as toISOString does, one after another", () => {
    fc.assert(
      fc.property(fc.array(fc.date({ noInvalidDate: true }), { maxLength: 20 }), (dates) => {
        for (const date of [...dates, ...dates]) expect(nowIso(date)).toBe(date.toISOString());
      }),
    );
  });

  it("throws for an invalid date, as toISOString does", () => {
    expect(() => nowIso(new Date(Number.NaN))).toThrow(RangeError);
  });
});
