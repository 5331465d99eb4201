import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLOSURE_MESSAGES,
  CLOSURE_REASON_MAX_LENGTH,
  isClosureRefusal,
} from "./closure-messages.ts";
import {
  CLOSURE_END_TIMES,
  CLOSURE_START_TIMES,
  closedSlots,
  createClosureSchema,
} from "./closures.ts";
import { slotStartMinutes, TIME_SLOTS } from "./options.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
const NOW = new Date("2026-11-23T16:30:00Z");
const schema = createClosureSchema(NOW);

describe("closedSlots", () => {
  it.each([
    [null, null, [...TIME_SLOTS]],
    ["09:00 AM", "10:00 AM", ["09:00 AM"]],
    ["01:00 PM", "03:00 PM", ["01:00 PM", "02:00 PM"]],
    [
      "11:00 AM",
      "06:00 PM",
      ["11:00 AM", "12:00 PM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM", "05:00 PM"],
    ],
  ])("from %s to %s closes %j", (from, to, slots) => {
    expect(closedSlots({ from, to })).toEqual(slots);
  });

  it("closes exactly the slots starting in [from, to), for every valid pair", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLOSURE_START_TIMES),
        fc.constantFrom(...CLOSURE_END_TIMES),
        (from, to) => {
          const parsed = schema.safeParse({
            date: "2026-11-24",
            allDay: false,
            from,
            to,
            reason: "x",
          });
          const end =
            to === "06:00 PM" ? 18 * 60 : slotStartMinutes(to as (typeof TIME_SLOTS)[number]);
          const start = slotStartMinutes(from);
          expect(parsed.success).toBe(end > start);
          if (!parsed.success) return;
          for (const slot of TIME_SLOTS) {
            const minutes = slotStartMinutes(slot);
            expect(closedSlots(parsed.data).includes(slot)).toBe(minutes >= start && minutes < end);
          }
        },
      ),
    );
  });
});

describe("the closure schema", () => {
  it("keeps a reason cleaned, one line, and at most 100 code points, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (reason) => {
        const parsed = schema.safeParse({ date: "2026-11-24", allDay: true, reason });
        if (!parsed.success) return;
        const kept = parsed.data.reason;
        expect(kept).not.toBe("");
        expect([...kept].length).toBeLessThanOrEqual(CLOSURE_REASON_MAX_LENGTH);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this checks
        expect(kept).not.toMatch(/[\n\r\t\u0000-\u001f\u202a-\u202e\u2066-\u2069]/u);
        expect(kept).not.toMatch(/<[a-zA-Z/!?]/);
        expect(kept).toBe(kept.trim());
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it("drops the times of a whole day", () => {
    const parsed = schema.parse({
      date: "2026-11-24",
      allDay: true,
      from: "09:00 AM",
      to: "10:00 AM",
      reason: "Training",
    });
    expect(parsed).toEqual({ date: "2026-11-24", from: null, to: null, reason: "Training" });
  });

  it("leaves the clock rules to the server when built without a clock", () => {
    const formSchema = createClosureSchema();
    expect(formSchema.safeParse({ date: "2020-01-06", allDay: true, reason: "x" }).success).toBe(
      true,
    );
    expect(
      schema.safeParse({ date: "2020-01-06", allDay: true, reason: "x" }).error?.issues[0]?.message,
    ).toBe(CLOSURE_MESSAGES.datePast);
  });
});

describe("isClosureRefusal", () => {
  it("knows the closure refusals and nothing else", () => {
    expect(isClosureRefusal(CLOSURE_MESSAGES.dayClosed("Training"))).toBe(true);
    expect(isClosureRefusal(CLOSURE_MESSAGES.slotClosed("研修"))).toBe(true);
    expect(
      isClosureRefusal("That time slot has just been booked. Please choose another time."),
    ).toBe(false);
    expect(
      isClosureRefusal("The office is closed on Thanksgiving Day. Please choose another day."),
    ).toBe(false);
  });
});
