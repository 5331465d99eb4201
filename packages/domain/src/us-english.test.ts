import { describe, expect, it } from "vitest";
import * as domain from "./index.ts";

/**
 * US English in every message and label people read (issue 26 §3): "canceled", not
 * "cancelled" ("cancellation" is US too); the status value "cancelled" the API stores is a
 * key, not a text, and stays.
 */
const BRITISH = /\b(cancell(ed|ing)|centre|colour|favourite|licence|neighbour\w*|organis\w*)\b/i;

function texts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") {
    try {
      return texts((value as (...args: unknown[]) => unknown)("x", "(612) 555-0100", 2), seen);
    } catch {
      return [];
    }
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((item) => texts(item, seen));
}

describe("the domain's messages and labels", () => {
  const shown = Object.entries(domain).filter(([name]) => /(MESSAGES|LABELS|_ERROR)$/.test(name));

  it("are found (the test reads something)", () => {
    expect(shown.map(([name]) => name)).toEqual(
      expect.arrayContaining(["MANAGE_MESSAGES", "LEAD_STATUS_LABELS"]),
    );
  });

  it.each(shown)("%s read in US English", (_, value) => {
    expect(texts(value).filter((text) => BRITISH.test(text))).toEqual([]);
  });
});
