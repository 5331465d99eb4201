import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters } from "../sanitize.ts";
import { ListQuerySchema, StatusChangeSchema } from "./api.ts";
import {
  FollowUpSchema,
  isFollowUpDue,
  LOST_REASON_LABELS,
  LOST_REASONS,
  lostReasonText,
  mayAssign,
  NewNoteSchema,
  NOTE_MAX_LENGTH,
} from "./work.ts";

const staff = (id: string, flags: { isAdmin?: boolean; role?: string[] } = {}) => ({
  _id: id,
  isAdmin: flags.isAdmin ?? false,
  supperAdmin: false,
  role: flags.role ?? ["User"],
});
const agent = staff("agent", { role: ["User", "Agent"] });
const manager = staff("manager", { role: ["User", "Manager"] });
const admin = staff("admin", { isAdmin: true });
const plainUser = staff("user");

describe("mayAssign: self or anyone", () => {
  it.each([
    // actor, from, to, allowed
    [agent, null, "agent", true],
    [agent, "agent", null, true],
    [agent, "agent", "agent", true],
    [agent, null, "manager", false],
    [agent, "manager", "agent", false],
    [agent, "manager", null, false],
    [agent, "agent", "manager", false],
    [manager, "agent", "manager", true],
    [manager, null, "agent", true],
    [manager, "agent", null, true],
    [admin, "agent", "manager", true],
    [plainUser, null, "user", false],
  ] as const)("%o: %s → %s is %s", (actor, from, to, allowed) => {
    expect(mayAssign(actor, from, to)).toBe(allowed);
  });
});

describe("notes", () => {
  it("cleans the text, keeps line breaks and bounds the length", () => {
    const note = NewNoteSchema.parse({ kind: "note", body: " a <b>b</b>\r\nc\u0000 " });
    expect(note.body).toBe("a b\nc");
    expect(
      NewNoteSchema.safeParse({ kind: "note", body: "x".repeat(NOTE_MAX_LENGTH) }).success,
    ).toBe(true);
    expect(
      NewNoteSchema.safeParse({ kind: "note", body: "x".repeat(NOTE_MAX_LENGTH + 1) }).success,
    ).toBe(false);
  });

  it("takes an outcome on a call only", () => {
    expect(
      NewNoteSchema.safeParse({ kind: "call", body: "hi", outcome: "no-answer" }).success,
    ).toBe(true);
    expect(NewNoteSchema.safeParse({ kind: "call", body: "hi" }).success).toBe(true);
    expect(NewNoteSchema.safeParse({ kind: "note", body: "hi", outcome: "reached" }).success).toBe(
      false,
    );
  });

  it("never keeps an unsafe character, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (body) => {
        const parsed = NewNoteSchema.safeParse({ kind: "note", body });
        if (parsed.success) {
          expect(hasUnsafeCharacters(parsed.data.body)).toBe(false);
          expect(parsed.data.body.length).toBeGreaterThan(0);
        }
      }),
    );
    // A busy shared machine can take seconds over a hundred full-Unicode strings.
  }, 30_000);
});

describe("the lost reason on a status change", () => {
  const check = (change: object) => StatusChangeSchema.safeParse(change);
  it("requires a listed reason for lost, and text for Other", () => {
    expect(check({ status: "lost" }).success).toBe(false);
    expect(check({ status: "lost", lostReason: "price" }).success).toBe(true);
    expect(check({ status: "lost", lostReason: "other" }).success).toBe(false);
    expect(check({ status: "lost", lostReason: "other", lostDetail: "<i></i>" }).success).toBe(
      false,
    );
    expect(check({ status: "lost", lostReason: "other", lostDetail: "Moved" }).success).toBe(true);
    expect(check({ status: "lost", lostReason: "cheaper" }).success).toBe(false);
  });
  it("refuses a reason with another status, and takes none", () => {
    expect(check({ status: "won", lostReason: "price" }).success).toBe(false);
    expect(check({ status: "won", lostDetail: "x" }).success).toBe(false);
    expect(check({ status: "won" }).success).toBe(true);
    expect(check({ status: "won", lostReason: null, lostDetail: null }).success).toBe(true);
  });
  it("labels every reason and writes it with its detail", () => {
    for (const reason of LOST_REASONS) expect(LOST_REASON_LABELS[reason]).toBeTruthy();
    expect(lostReasonText("another-agency", null)).toBe("Went with another agency");
    expect(lostReasonText("other", "Moved away")).toBe("Other: Moved away");
    expect(lostReasonText(null, null)).toBe("");
  });
});

describe("follow-ups", () => {
  it("takes a real calendar date or null", () => {
    expect(FollowUpSchema.safeParse({ followUpOn: "2030-02-28" }).success).toBe(true);
    expect(FollowUpSchema.safeParse({ followUpOn: null }).success).toBe(true);
    for (const bad of ["2030-02-30", "2030-2-3", "tomorrow", "", 5]) {
      expect(FollowUpSchema.safeParse({ followUpOn: bad }).success).toBe(false);
    }
  });
  it("is due on its day and after", () => {
    expect(isFollowUpDue("2030-03-05", "2030-03-05")).toBe(true);
    expect(isFollowUpDue("2030-03-04", "2030-03-05")).toBe(true);
    expect(isFollowUpDue("2030-03-06", "2030-03-05")).toBe(false);
    expect(isFollowUpDue(null, "2030-03-05")).toBe(false);
  });
});

describe("the assigned filter", () => {
  it("takes me, none or an id", () => {
    for (const assigned of ["me", "none", "0b5f6c1e-2f0a-4c55-9d7e-1c1a2b3c4d5e"]) {
      expect(ListQuerySchema.safeParse({ assigned }).success).toBe(true);
    }
    for (const assigned of ["", "a b", "x".repeat(101), "<me>"]) {
      expect(ListQuerySchema.safeParse({ assigned }).success).toBe(false);
    }
  });
});
