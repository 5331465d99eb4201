import * as z from "zod";
import { RecordIdSchema } from "../api/params.ts";
import { isCalendarDate } from "../calendar-date.ts";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { optionalText, requiredText } from "../schema-helpers.ts";
import { can } from "../user/permissions.ts";
import type { User } from "../user/schema.ts";

/**
 * Working a lead (issue 14, decision 0027): notes and a call log, who works it, when to
 * follow up, and why it was lost.
 */

export const NOTE_KINDS = ["note", "call"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** How a logged call went; a plain note has none. */
export const CALL_OUTCOMES = ["reached", "left-voicemail", "no-answer"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  reached: "Reached",
  "left-voicemail": "Left voicemail",
  "no-answer": "No answer",
};

export const LOST_REASONS = [
  "price",
  "another-agency",
  "coverage-not-available",
  "no-response",
  "not-interested",
  "other",
] as const;
export type LostReason = (typeof LOST_REASONS)[number];
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: "Price",
  "another-agency": "Went with another agency",
  "coverage-not-available": "Coverage not available",
  "no-response": "No response",
  "not-interested": "Not interested",
  other: "Other",
};

export const NOTE_MAX_LENGTH = 2000;
export const LOST_DETAIL_MAX_LENGTH = 500;
/** The overview's "My follow-ups" lists at most this many (the oldest first). */
export const MY_FOLLOW_UPS_LIMIT = 20;

export const WORK_MESSAGES = {
  noteRequired: "Write the note",
  noteTooLong: `A note must be at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
  noteKind: "kind must be note or call",
  outcomeInvalid: `outcome must be one of ${CALL_OUTCOMES.join(", ")}`,
  outcomeOnlyForCalls: "Only a call has an outcome",
  lostReasonRequired: "Choose why the lead was lost",
  lostReasonInvalid: `lostReason must be one of ${LOST_REASONS.join(", ")}`,
  lostDetailRequired: "Say why the lead was lost",
  lostDetailTooLong: `The reason must be at most ${LOST_DETAIL_MAX_LENGTH} characters`,
  lostReasonOnlyForLost: "A lost reason goes only with the status lost",
  followUpInvalid: "Enter the follow-up date as YYYY-MM-DD",
  followUpPast: "Pick today or a later date for the follow-up",
  assigneeNotStaff: "That person cannot be assigned leads",
  assignOthersForbidden: "You may assign leads only to yourself",
} as const;

const noteBody = requiredText(
  WORK_MESSAGES.noteRequired,
  NOTE_MAX_LENGTH,
  WORK_MESSAGES.noteTooLong,
  "multiline",
);

/** A note or a logged call, as staff write it. */
export const NewNoteSchema = z
  .object({
    kind: z.enum(NOTE_KINDS, { error: WORK_MESSAGES.noteKind }),
    body: noteBody,
    outcome: z.enum(CALL_OUTCOMES, { error: WORK_MESSAGES.outcomeInvalid }).nullish(),
  })
  .refine((note) => note.kind === "call" || !note.outcome, {
    path: ["outcome"],
    error: WORK_MESSAGES.outcomeOnlyForCalls,
  });
export type NewNote = z.output<typeof NewNoteSchema>;

/** A stored note as the API returns it; `author` is null once its writer's account is gone. */
export const LeadNoteSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTE_KINDS),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type LeadNote = z.output<typeof LeadNoteSchema>;

/** What every lead record carries about its working (null when not set). */
export const LEAD_WORK_FIELDS = {
  /** The staff member working it (a user's id). */
  assignedTo: z.string().nullable(),
  /** YYYY-MM-DD in the agency's time zone. */
  followUpOn: z.string().nullable(),
  /** One of LOST_REASONS while the status is "lost". */
  lostReason: z.string().nullable(),
  lostDetail: z.string().nullable(),
};

/** `null` unassigns. */
export const AssignmentSchema = z.object({
  assignedTo: RecordIdSchema.nullable(),
});

/** A calendar date in the agency's time zone, or null to clear it. */
export const FollowUpSchema = z.object({
  followUpOn: z
    .string({ error: WORK_MESSAGES.followUpInvalid })
    .refine(isCalendarDate, { error: WORK_MESSAGES.followUpInvalid })
    .nullable(),
});

const lostDetail = optionalText(
  LOST_DETAIL_MAX_LENGTH,
  WORK_MESSAGES.lostDetailTooLong,
  WORK_MESSAGES.lostDetailRequired,
  "multiline",
);

/** What a status change may carry beside the status: why a lead was lost. */
export const LOST_REASON_FIELDS = {
  lostReason: z.enum(LOST_REASONS, { error: WORK_MESSAGES.lostReasonInvalid }).nullish(),
  lostDetail: lostDetail.nullish(),
};

/**
 * Moving to "lost" takes a reason from the list, and free text that "Other" requires. A
 * lost reason with any other status is refused (leaving lost clears it).
 */
export function checkLostReason(
  change: { status: string; lostReason?: string | null; lostDetail?: string | null },
  context: z.RefinementCtx,
): void {
  const issue = (field: string, message: string) =>
    context.addIssue({ code: "custom", path: [field], message });
  if (change.status !== "lost") {
    if (change.lostReason || change.lostDetail) {
      issue("lostReason", WORK_MESSAGES.lostReasonOnlyForLost);
    }
  } else if (!change.lostReason) {
    issue("lostReason", WORK_MESSAGES.lostReasonRequired);
  } else if (change.lostReason === "other" && !change.lostDetail) {
    issue("lostDetail", WORK_MESSAGES.lostDetailRequired);
  }
}

/** "Price", or "Other: went quiet after the renewal" / "Price: 20% over budget". */
export function lostReasonText(reason: string | null, detail: string | null): string {
  if (!reason) return "";
  const label = LOST_REASON_LABELS[reason as LostReason] ?? reason;
  return detail ? `${label}: ${detail}` : label;
}

type Actor = Pick<User, "_id" | "isAdmin" | "supperAdmin"> & { role?: readonly string[] };

/**
 * Who may change a lead's assignee: anyone with leads.assign, any way; with leads.work only,
 * a lead that is free or one's own may go to oneself or be let go (never someone else's).
 */
export function mayAssign(actor: Actor, from: string | null, to: string | null): boolean {
  if (can(actor, "leads.assign")) return true;
  if (!can(actor, "leads.work")) return false;
  const isMineOrFree = (id: string | null) => id === null || id === actor._id;
  return isMineOrFree(from) && isMineOrFree(to);
}

/** Whether a follow-up date has come: due today, or overdue (calendar dates compare as text). */
export function isFollowUpDue(followUpOn: string | null, today: string): boolean {
  return followUpOn !== null && followUpOn <= today;
}
