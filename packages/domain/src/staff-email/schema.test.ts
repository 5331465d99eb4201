import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultEmailSubject,
  deliveryErrorSummary,
  EmailTemplateInputSchema,
  fillTemplate,
  STAFF_EMAIL_MESSAGES,
  STAFF_EMAIL_SUBJECT_MAX_LENGTH,
  StaffEmailDraftSchema,
  staffEmailState,
  unknownPlaceholders,
} from "./schema.ts";

const fullUnicode = fc.string({ unit: "grapheme", maxLength: 300 });
const anyUnit = fc.string({ unit: "binary", maxLength: 300 });

describe("a staff email draft", () => {
  it("takes a subject and a message, cleaned", () => {
    expect(
      StaffEmailDraftSchema.parse({ subject: "  Hello  ", body: "Hi Ann,\r\nThanks." }),
    ).toEqual({ subject: "Hello", body: "Hi Ann,\nThanks." });
  });

  it.each([
    [{ subject: "", body: "x" }, STAFF_EMAIL_MESSAGES.subjectRequired],
    [{ subject: "x", body: "   " }, STAFF_EMAIL_MESSAGES.bodyRequired],
    [
      { subject: "x".repeat(STAFF_EMAIL_SUBJECT_MAX_LENGTH + 1), body: "x" },
      STAFF_EMAIL_MESSAGES.subjectTooLong,
    ],
    [{ subject: "x", body: "x".repeat(10_001) }, STAFF_EMAIL_MESSAGES.bodyTooLong],
    [{ body: "x" }, STAFF_EMAIL_MESSAGES.subjectRequired],
  ])("refuses %j with its message", (draft, message) => {
    const result = StaffEmailDraftSchema.safeParse(draft);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("never lets a line break into the subject (no header injection)", () => {
    const parsed = StaffEmailDraftSchema.parse({
      subject: "Hi\r\nBcc: victim@example.com\u2028X",
      body: "x",
    });
    expect(parsed.subject).toBe("Hi Bcc: victim@example.com X");
    fc.assert(
      fc.property(anyUnit, anyUnit, (subject, body) => {
        const result = StaffEmailDraftSchema.safeParse({ subject, body });
        if (!result.success) return;
        expect(result.data.subject).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
        expect(result.data.subject.length).toBeLessThanOrEqual(STAFF_EMAIL_SUBJECT_MAX_LENGTH);
        // No lone surrogate survives: every stored text encodes as UTF-8.
        expect(result.data.body).not.toMatch(/[\uD800-\uDFFF]/u);
      }),
    );
  });
});

describe("templates", () => {
  it("fills the first name and the agent's name, with or without spaces", () => {
    expect(
      fillTemplate("Hi {{firstName}}, this is {{ agentName }}.", {
        firstName: "Ann",
        agentName: "Ada Admin",
      }),
    ).toBe("Hi Ann, this is Ada Admin.");
  });

  it("leaves unknown placeholders and never reads a value as a placeholder", () => {
    expect(
      fillTemplate("{{firstName}} {{policy}}", { firstName: "{{agentName}}", agentName: "Ada" }),
    ).toBe("{{agentName}} {{policy}}");
  });

  it("fills every placeholder with any value (property)", () => {
    fc.assert(
      fc.property(fullUnicode, fullUnicode, fullUnicode, (text, firstName, agentName) => {
        const template = `${text.replace(/[{}]/g, "")}{{firstName}}|{{agentName}}`;
        const filled = fillTemplate(template, { firstName, agentName });
        expect(filled.endsWith(`${firstName}|${agentName}`)).toBe(true);
      }),
    );
  });

  it("names unknown placeholders once each", () => {
    expect(unknownPlaceholders("{{a}} {{ firstName }} {{a}} {{b c}}")).toEqual(["a", "b c"]);
  });

  it("refuses a template with an unknown placeholder", () => {
    const result = EmailTemplateInputSchema.safeParse({
      name: "Welcome",
      subject: "Hi {{lastName}}",
      body: "x",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["subject"],
      message: STAFF_EMAIL_MESSAGES.unknownPlaceholder("lastName"),
    });
  });

  it("accepts or refuses any input without throwing (property)", () => {
    fc.assert(
      fc.property(anyUnit, anyUnit, anyUnit, (name, subject, body) => {
        const result = EmailTemplateInputSchema.safeParse({ name, subject, body });
        if (result.success) expect(result.data.name).not.toMatch(/[\r\n]/);
      }),
    );
  });
});

describe("the prefilled subject", () => {
  it.each([
    [{ type: "quote" } as const, "Re: Your auto quote"],
    [{ type: "appointment" } as const, "Re: Your appointment"],
    [{ type: "contact", subject: "Renter's Insurance" } as const, "Re: Renter's Insurance"],
    [{ type: "contact", subject: "RE: Claim" } as const, "RE: Claim"],
    [{ type: "contact", subject: "" } as const, "Re: Your message"],
  ])("for %j is %s", (lead, subject) => {
    expect(defaultEmailSubject(lead)).toBe(subject);
  });

  it("is always a valid subject (property)", () => {
    fc.assert(
      fc.property(fullUnicode, (own) => {
        const subject = defaultEmailSubject({ type: "contact", subject: own });
        expect(StaffEmailDraftSchema.shape.subject.safeParse(subject).success).toBe(true);
      }),
    );
  });
});

describe("delivery state", () => {
  it("maps the outbox's status", () => {
    expect(["pending", "sending", "sent", "failed"].map(staffEmailState)).toEqual([
      "queued",
      "queued",
      "sent",
      "failed",
    ]);
  });

  it.each([
    [null, null],
    ["connect ECONNREFUSED 127.0.0.1:1", "The mail server could not be reached"],
    ["Message failed: 550 5.1.1 User unknown", "The mail server refused the message"],
    ["421 Try again later", "The mail server asked to try again later"],
    [
      "recipient is not exactly one mailbox",
      "The address is not one valid mailbox: correct the lead's email",
    ],
    ["something odd", "The message could not be delivered"],
  ])("summarises %s for staff", (raw, summary) => {
    expect(deliveryErrorSummary(raw)).toBe(summary);
  });
});
