import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters } from "../sanitize.ts";
import {
  dueTaskDayList,
  endOfAgencyDay,
  TASK_MAIL_MESSAGES,
  taskSubjectPath,
} from "./reminders.ts";
import {
  groupTasks,
  isClockTime,
  isDueDatePast,
  mayAssignTask,
  NewTaskSchema,
  TASK_TEXT_MAX_LENGTH,
  TaskChangeSchema,
  TaskListQuerySchema,
  taskDueAt,
  taskDueParts,
  taskGroup,
} from "./schema.ts";
import { isLeadUntouched, untouchedSince } from "./untouched.ts";

const ID = "0190a8f2-1b2c-7d3e-8f40-123456789abc";
const staff = (id: string, flags: { isAdmin?: boolean; role?: string[] } = {}) => ({
  _id: id,
  isAdmin: flags.isAdmin ?? false,
  supperAdmin: false,
  role: flags.role ?? ["User"],
});
const agent = staff("agent", { role: ["User", "Agent"] });
const manager = staff("manager", { role: ["User", "Manager"] });
const plainUser = staff("user");

const valid = {
  subject: { kind: "contact", id: ID },
  text: "Call back about the renewal",
  dueDate: "2030-03-05",
  dueTime: "15:00",
};

describe("a task's due date and time on the agency's clock", () => {
  it("stores the Central wall time as the UTC instant, in and out of daylight saving", () => {
    expect(taskDueAt("2030-03-05", "15:00")).toBe("2030-03-05T21:00:00.000Z");
    expect(taskDueAt("2030-07-01", "09:00")).toBe("2030-07-01T14:00:00.000Z");
    expect(taskDueAt("2026-11-02", "00:00")).toBe("2026-11-02T06:00:00.000Z");
    expect(() => taskDueAt("2030-02-30", "09:00")).toThrow();
    expect(() => taskDueAt("2030-03-05", "24:00")).toThrow();
  });

  it("reads every instant back as the date and time it was entered", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (day, hour, minute) => {
          // 2 AM on a change-over day does not exist once; the office never works then.
          fc.pre(hour !== 1 && hour !== 2);
          const date = day.toISOString().slice(0, 10);
          const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          expect(taskDueParts(taskDueAt(date, time))).toEqual({ dueDate: date, dueTime: time });
        },
      ),
    );
  });

  it("knows a clock time", () => {
    for (const ok of ["00:00", "09:05", "23:59"]) expect(isClockTime(ok)).toBe(true);
    for (const bad of ["24:00", "9:05", "09:60", "", "09:05:00", "3 PM"]) {
      expect(isClockTime(bad)).toBe(false);
    }
  });

  it("refuses a due date before the agency's today, not earlier today", () => {
    // 2030-03-05 04:00 UTC is still March 4 in Chicago.
    const now = new Date("2030-03-05T04:00:00Z");
    expect(isDueDatePast("2030-03-04", now)).toBe(false);
    expect(isDueDatePast("2030-03-03", now)).toBe(true);
  });

  it("groups open tasks into overdue, today and upcoming, soonest first", () => {
    const now = new Date("2030-03-05T18:00:00Z"); // noon in Chicago
    const at = (dueAt: string) => ({ dueAt });
    expect(taskGroup("2030-03-05T17:59:00.000Z", now)).toBe("overdue");
    expect(taskGroup("2030-03-05T18:00:00.000Z", now)).toBe("today");
    // 11 PM Chicago is 05:00Z the next day: still today.
    expect(taskGroup("2030-03-06T05:00:00.000Z", now)).toBe("today");
    expect(taskGroup("2030-03-06T06:00:00.000Z", now)).toBe("upcoming");
    const groups = groupTasks(
      [
        at("2030-03-07T15:00:00.000Z"),
        at("2030-03-01T15:00:00.000Z"),
        at("2030-03-05T20:00:00.000Z"),
      ],
      now,
    );
    expect(groups.overdue.map((t) => t.dueAt)).toEqual(["2030-03-01T15:00:00.000Z"]);
    expect(groups.today.map((t) => t.dueAt)).toEqual(["2030-03-05T20:00:00.000Z"]);
    expect(groups.upcoming.map((t) => t.dueAt)).toEqual(["2030-03-07T15:00:00.000Z"]);
  });
});

describe("the task schemas", () => {
  it("takes a task, cleans its text and keeps its lines", () => {
    const task = NewTaskSchema.parse({ ...valid, text: "  Call <b>Ann</b>\r\nthen email\u202e " });
    expect(task).toEqual({ ...valid, text: "Call Ann\nthen email", assignedTo: null });
    expect(
      NewTaskSchema.parse({ ...valid, subject: { kind: "person", id: ID } }).subject.kind,
    ).toBe("person");
  });

  it.each([
    [{ text: "   " }, "text", "Say what is to be done"],
    [{ text: "x".repeat(TASK_TEXT_MAX_LENGTH + 1) }, "text", "at most"],
    [{ dueDate: "2030-02-30" }, "dueDate", "YYYY-MM-DD"],
    [{ dueTime: "3 PM" }, "dueTime", "HH:MM"],
    [{ subject: { kind: "policy", id: ID } }, "subject.kind", "subject kind"],
    [{ subject: { kind: "contact", id: "nope" } }, "subject.id", "id is invalid"],
    [{ assignedTo: "bad id!" }, "assignedTo", "id is invalid"],
  ])("refuses %j on %s", (change, field, message) => {
    const result = NewTaskSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join(".") === field);
    expect(issue?.message).toContain(message);
  });

  it("takes a change of text, due (date and time together) or assignee, at least one", () => {
    expect(TaskChangeSchema.safeParse({ text: "Call" }).success).toBe(true);
    expect(TaskChangeSchema.safeParse({ dueDate: "2030-03-05", dueTime: "09:00" }).success).toBe(
      true,
    );
    expect(TaskChangeSchema.safeParse({ assignedTo: "abc" }).success).toBe(true);
    expect(TaskChangeSchema.safeParse({}).success).toBe(false);
    expect(TaskChangeSchema.safeParse({ dueDate: "2030-03-05" }).success).toBe(false);
    expect(TaskChangeSchema.safeParse({ assignedTo: null }).success).toBe(false);
  });

  it("lists mine and open by default", () => {
    expect(TaskListQuerySchema.parse({})).toEqual({ scope: "mine", state: "open" });
    expect(TaskListQuerySchema.safeParse({ state: "later" }).success).toBe(false);
  });

  it("never throws on any Unicode text and keeps it clean", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })),
        (text) => {
          const result = NewTaskSchema.safeParse({ ...valid, text });
          if (result.success) expect(hasUnsafeCharacters(result.data.text)).toBe(false);
        },
      ),
    );
  });
});

describe("mayAssignTask: self, or anyone with leads.assign", () => {
  it.each([
    [agent, "agent", true],
    [agent, "manager", false],
    [manager, "agent", true],
    [manager, "manager", true],
    [plainUser, "user", false],
  ] as const)("%o → %s is %s", (actor, to, allowed) => {
    expect(mayAssignTask(actor, to)).toBe(allowed);
  });
});

describe("an untouched lead", () => {
  const lead = (createdAt: string, status = "new", hasOpenTask = false) => ({
    createdAt,
    status,
    hasOpenTask,
  });

  it("is new with no open task a business day after it came in", () => {
    // Tuesday 3 March 2026, 10:00 AM CST.
    const tuesday = "2026-03-03T16:00:00.000Z";
    expect(untouchedSince(tuesday)?.toISOString()).toBe("2026-03-04T16:00:00.000Z");
    expect(isLeadUntouched(lead(tuesday), new Date("2026-03-04T15:59:59Z"))).toBe(false);
    expect(isLeadUntouched(lead(tuesday), new Date("2026-03-04T16:00:00Z"))).toBe(true);
    expect(isLeadUntouched(lead(tuesday, "contacted"), new Date("2026-03-09T16:00:00Z"))).toBe(
      false,
    );
    expect(isLeadUntouched(lead(tuesday, "new", true), new Date("2026-03-09T16:00:00Z"))).toBe(
      false,
    );
  });

  it("skips weekends and holidays", () => {
    // Friday 4 PM CST → Monday 4 PM.
    expect(untouchedSince("2026-03-06T22:00:00.000Z")?.toISOString()).toBe(
      "2026-03-09T21:00:00.000Z",
    );
    // Saturday → counted from Monday's start, so Tuesday at midnight (CST).
    expect(untouchedSince("2026-03-07T18:00:00.000Z")?.toISOString()).toBe(
      "2026-03-10T05:00:00.000Z",
    );
    // Wednesday before Thanksgiving 2026, 3 PM → Friday 3 PM.
    expect(untouchedSince("2026-11-25T21:00:00.000Z")?.toISOString()).toBe(
      "2026-11-27T21:00:00.000Z",
    );
    expect(untouchedSince("not a date")).toBeUndefined();
  });
});

describe("each assignee's morning list", () => {
  const hours = [
    { day: "Monday", opens: "09:00", closes: "17:00" },
    { day: "Saturday", opens: "13:00", closes: "16:00" },
  ] as const;

  it("is due from the office's opening until its closing on an office day", () => {
    // Monday 7 December 2026: 9:00 AM CST is 15:00Z.
    expect(dueTaskDayList(new Date("2026-12-07T14:59:59Z"), hours)).toBeUndefined();
    expect(dueTaskDayList(new Date("2026-12-07T15:00:00Z"), hours)).toBe("2026-12-07");
    expect(dueTaskDayList(new Date("2026-12-07T22:59:00Z"), hours)).toBe("2026-12-07");
    expect(dueTaskDayList(new Date("2026-12-07T23:00:00Z"), hours)).toBeUndefined();
    // Saturday opens at 1 PM; Tuesday has no hours in this profile.
    expect(dueTaskDayList(new Date("2026-12-12T18:30:00Z"), hours)).toBeUndefined();
    expect(dueTaskDayList(new Date("2026-12-12T19:00:00Z"), hours)).toBe("2026-12-12");
    expect(dueTaskDayList(new Date("2026-12-08T16:00:00Z"), hours)).toBeUndefined();
    // Christmas 2028 is a Monday: a federal holiday.
    expect(dueTaskDayList(new Date("2028-12-25T16:00:00Z"), hours)).toBeUndefined();
  });

  it("lists tasks due before the end of the Central day, across daylight saving", () => {
    expect(endOfAgencyDay("2026-12-07")).toBe("2026-12-08T06:00:00.000Z");
    expect(endOfAgencyDay("2026-07-07")).toBe("2026-07-08T05:00:00.000Z");
    expect(endOfAgencyDay("2026-10-31")).toBe("2026-11-01T05:00:00.000Z");
  });

  it("names each task's record and links to it", () => {
    expect(taskSubjectPath("quote", "a b")).toBe("/dashboard/quotes/a%20b");
    expect(taskSubjectPath("person", "p1")).toBe("/dashboard/people/p1");
    const text = TASK_MAIL_MESSAGES.assignedText(
      "Mona Manager",
      {
        text: "Call back\nabout the renewal",
        dueAt: "2026-12-07T21:00:00.000Z",
        subject: { kind: "contact", id: "c1", name: "Ann Lee" },
      },
      "https://agency.example",
    );
    expect(text).toContain("Mona Manager gave you a task:");
    expect(text).toContain("- Call back\n");
    expect(text).not.toContain("about the renewal");
    expect(text).toContain("Due Monday, December 7, 2026 at 3:00 PM Central time (CST)");
    expect(text).toContain("Message: Ann Lee, https://agency.example/dashboard/contacts/c1");
  });
});
