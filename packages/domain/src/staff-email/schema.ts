import * as z from "zod";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { requiredText } from "../schema-helpers.ts";

/**
 * Email staff write from the app (issue 27 §3, decision 0068): sent through the outbox from
 * the agency's address with Reply-To the staff member, and logged on the lead it is about
 * with its text, its sender and its delivery state.
 */

export const STAFF_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const STAFF_EMAIL_BODY_MAX_LENGTH = 10_000;
export const EMAIL_TEMPLATE_NAME_MAX_LENGTH = 80;
/** A small set: the Settings list shows them all, the compose picker too. */
export const EMAIL_TEMPLATES_MAX = 50;
/** How many times the outbox tries a staff email before calling it failed (then Retry). */
export const STAFF_EMAIL_MAX_ATTEMPTS = 3;
/** The most emails one lead's list answers, newest first. */
export const STAFF_EMAILS_PER_LEAD_LIMIT = 200;

/** The placeholders a template may hold, and what fills each. */
export const TEMPLATE_PLACEHOLDERS = ["firstName", "agentName", "reference"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const TEMPLATE_PLACEHOLDER_LABELS: Record<TemplatePlaceholder, string> = {
  firstName: "the person's first name",
  agentName: "your name",
  reference: "a service request's reference (SR-…; filled on service requests only)",
};

export const STAFF_EMAIL_MESSAGES = {
  subjectRequired: "Write a subject",
  subjectTooLong: `A subject must be at most ${STAFF_EMAIL_SUBJECT_MAX_LENGTH} characters`,
  bodyRequired: "Write the message",
  bodyTooLong: `A message must be at most ${STAFF_EMAIL_BODY_MAX_LENGTH.toLocaleString("en-US")} characters`,
  noAddress: "This lead has no email address: call instead, or add an email to its contact details",
  personNoAddress:
    "This person has no email address: call instead, or add an email to their details",
  leadNotFound: "Lead not found",
  emailNotFound: "Email not found",
  notFailed: "Only an email that failed can be sent again",
  sent: "Email queued",
  templateNameRequired: "Name the template",
  templateNameTooLong: `A template name must be at most ${EMAIL_TEMPLATE_NAME_MAX_LENGTH} characters`,
  templateNameTaken: "A template with this name already exists",
  templateNotFound: "Template not found",
  templatesFull: `There can be at most ${EMAIL_TEMPLATES_MAX} templates: delete one first`,
  unknownPlaceholder: (name: string) =>
    `Unknown placeholder {{${name}}}: use ${TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(" or ")}`,
} as const;

const subject = requiredText(
  STAFF_EMAIL_MESSAGES.subjectRequired,
  STAFF_EMAIL_SUBJECT_MAX_LENGTH,
  STAFF_EMAIL_MESSAGES.subjectTooLong,
  // One line: a line break in a subject would start a new mail header.
  "line",
);
const body = requiredText(
  STAFF_EMAIL_MESSAGES.bodyRequired,
  STAFF_EMAIL_BODY_MAX_LENGTH,
  STAFF_EMAIL_MESSAGES.bodyTooLong,
  "multiline",
);

/**
 * What staff send: a subject (one line) and a plain-text message. `answersOwnRequest`: staff say the email answers the person's own request, so it may go to
 * someone who asked not to be contacted (decision 0081); it is then sent as transactional.
 */
export const StaffEmailDraftSchema = z.object({
  subject,
  body,
  answersOwnRequest: z.boolean({ error: "answersOwnRequest must be true or false" }).optional(),
});
export type StaffEmailDraft = z.output<typeof StaffEmailDraftSchema>;

/**
 * Where an email stands: queued (waiting, or being retried by the outbox), sent (handed to
 * the mail server, or written to the outbox folder), failed (the outbox gave up: Retry).
 */
export const STAFF_EMAIL_STATES = ["queued", "sent", "failed", "suppressed"] as const;
export type StaffEmailState = (typeof STAFF_EMAIL_STATES)[number];
export const STAFF_EMAIL_STATE_LABELS: Record<StaffEmailState, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  suppressed: "Not sent: asked not to be contacted",
};

/** A logged email as the API returns it; `sender` is null once the writer's account is gone. */
export const StaffEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sender: z.object({ _id: z.string(), name: z.string() }).nullable(),
  state: z.enum(STAFF_EMAIL_STATES),
  attempts: z.number().int().nonnegative(),
  /** Why the last attempt failed, in words for staff (never the mail server's raw answer). */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type StaffEmail = z.output<typeof StaffEmailSchema>;

/** An outbox row's status as the sender keeps it (apps/server/src/mail/sender.ts). */
export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "suppressed";

/** The state staff see for an outbox status. */
export function staffEmailState(status: OutboxStatus | string): StaffEmailState {
  if (status === "sent") return "sent";
  if (status === "failed") return "failed";
  // Held back after the person asked not to be contacted (decision 0081).
  if (status === "suppressed") return "suppressed";
  return "queued";
}

/**
 * The outbox's last error (a mail server's answer, a network error) in words for staff:
 * the raw text names hosts and servers and helps nobody at the desk.
 */
export function deliveryErrorSummary(raw: string | null): string | null {
  if (raw === null || raw.trim() === "") return null;
  if (/recipient is not exactly one mailbox/i.test(raw)) {
    return "The address is not one valid mailbox: correct the lead's email";
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|timeout|connect/i.test(raw)) {
    return "The mail server could not be reached";
  }
  if (/\b5\d\d\b/.test(raw)) return "The mail server refused the message";
  if (/\b4\d\d\b/.test(raw)) return "The mail server asked to try again later";
  return "The message could not be delivered";
}

/** The lead kinds one can email, with what their subject line starts as. */
export type EmailableLead =
  | { type: "quote" }
  | { type: "appointment" }
  | { type: "contact"; subject: string };

/**
 * The subject a new email to a lead starts with: "Re: Your auto quote", "Re: Your
 * appointment", and for a message "Re: " and its own subject. Always valid as a subject
 * (one line, within the limit).
 */
export function defaultEmailSubject(lead: EmailableLead): string {
  if (lead.type === "quote") return "Re: Your auto quote";
  if (lead.type === "appointment") return "Re: Your appointment";
  const own = lead.subject.replace(/\s+/g, " ").trim();
  if (own === "") return "Re: Your message";
  const text = /^re:/i.test(own) ? own : `Re: ${own}`;
  return [...text].slice(0, STAFF_EMAIL_SUBJECT_MAX_LENGTH).join("");
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that are not TEMPLATE_PLACEHOLDERS, in order, once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/**
 * A template's text with its placeholders filled (`{{firstName}}`, `{{ agentName }}`). An
 * empty value leaves nothing behind (a lead without a first name reads "Hi ,": the caller
 * writes "Hi {{firstName}}," knowing it), and a value is inserted as it is, never read again
 * as a placeholder. A placeholder given no value stays as written (`{{reference}}` outside a
 * service request; the server fills it on a request's email, decision 0078).
 */
export function fillTemplate(
  text: string,
  values: Partial<Record<TemplatePlaceholder, string>>,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    return values[name as TemplatePlaceholder] ?? whole;
  });
}

function knownPlaceholdersOnly(text: string, context: z.RefinementCtx, field: string): void {
  const [first] = unknownPlaceholders(text);
  if (first !== undefined) {
    context.addIssue({
      code: "custom",
      path: [field],
      message: STAFF_EMAIL_MESSAGES.unknownPlaceholder(first),
    });
  }
}

/** A saved template as Settings writes it: placeholders only from TEMPLATE_PLACEHOLDERS. */
export const EmailTemplateInputSchema = z
  .object({
    name: requiredText(
      STAFF_EMAIL_MESSAGES.templateNameRequired,
      EMAIL_TEMPLATE_NAME_MAX_LENGTH,
      STAFF_EMAIL_MESSAGES.templateNameTooLong,
    ),
    subject,
    body,
  })
  .superRefine((template, context) => {
    knownPlaceholdersOnly(template.subject, context, "subject");
    knownPlaceholdersOnly(template.body, context, "body");
  });
export type EmailTemplateInput = z.output<typeof EmailTemplateInputSchema>;

export const EmailTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.output<typeof EmailTemplateSchema>;
