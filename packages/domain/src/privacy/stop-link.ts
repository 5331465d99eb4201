import { AGENCY_TIME_ZONE } from "../time-zone.ts";

/**
 * The "stop contacting me" link in every email to a person (issue 30 §1, decision 0081).
 * Zod-free: the public stop page and the mail sender both read it.
 */

/**
 * Who a mail kind goes to, and whether the person asked for it:
 * - "staff": the agency's own address or a staff account (no link, no headers);
 * - "transactional": the answer to something the person did themselves (their submission's
 *   confirmation, their booking's changes and reminder): the stop link, no List-Unsubscribe,
 *   sent even after a revocation (CAN-SPAM's "transactional or relationship message");
 * - "optional": everything else to a person (staff writing from the app, future renewal or
 *   marketing mail): the stop link, RFC 8058 List-Unsubscribe headers, and not sent once
 *   the person has asked not to be contacted.
 * Every kind the server queues is listed: a new kind must be placed here (a test checks it).
 */
export type MailAudience = "staff" | "transactional" | "optional";

export const MAIL_KIND_AUDIENCES = {
  "appointment.agency": "staff",
  "appointment.agency.cancelled": "staff",
  "appointment.agency.rescheduled": "staff",
  "appointment.reminder": "transactional",
  "appointment.visitor": "transactional",
  "appointment.visitor.cancelled": "transactional",
  "appointment.visitor.rescheduled": "transactional",
  "appointments.agency-day-list": "staff",
  "contact.agency": "staff",
  "contact.visitor": "transactional",
  "password.reset": "staff",
  "quote.agency": "staff",
  "quote.visitor": "transactional",
  "service.agency": "staff",
  "service.client": "transactional",
  "staff.email": "optional",
  "task.assigned": "staff",
  "task.day-list": "staff",
  "user.invite": "staff",
} as const satisfies Record<string, MailAudience>;

/**
 * A kind's audience. An unknown kind counts as "optional" (the stricter side: it carries the
 * link and the headers and is held back after a revocation). A message that answers the
 * person's own request (staff ticked "This answers their own request") is transactional.
 */
export function mailAudienceOf(kind: string, answersOwnRequest = false): MailAudience {
  const audience: MailAudience =
    (MAIL_KIND_AUDIENCES as Record<string, MailAudience>)[kind] ?? "optional";
  return audience === "optional" && answersOwnRequest ? "transactional" : audience;
}

/** The outbox status of an optional message held back after its person's revocation. */
export const SUPPRESSED_STATUS = "suppressed";

/** The web page a stop link opens. */
export function stopPagePath(token: string): string {
  return `/stop/${token}`;
}

/** The API a stop page and a mail program's one-click POST call. */
export function stopApiPath(token: string): string {
  return `/api/consent/stop/${token}`;
}

export const STOP_LINK_TEXT = {
  footerLead: "Don't want to hear from us?",
  footerLink: "Stop contacting me",
  /** The page's title and its no-script button. */
  title: "Stop contacting me",
  button: "Stop contacting me",
  working: "Recording your request…",
  intro:
    "Use the button to ask us to stop calling, texting and emailing you about insurance. It takes effect at once.",
} as const;

export const STOP_LINK_MESSAGES = {
  done: "Done. We won't call, text or email you about insurance any more. We will still answer requests you send us.",
  replayed: "This link is older than your latest consent; call us or use the link in a newer email",
  invalid: "This stop link is not valid. Please use the link exactly as it is in the email.",
  failed: "We couldn't record your request just now. Please try again, or call us.",
  /** A staff email to a person who asked not to be contacted, without the override. */
  staffRefused: (since: string) =>
    `This person asked not to be contacted on ${since}. Send only if this answers their own request, and tick "This answers their own request".`,
  suppressedError: "Not sent: the person asked not to be contacted",
} as const;

const sinceFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
});

/** A revocation's time (ISO) as the agency's calendar day: "Nov 29, 2026". */
export function formatRevokedSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : sinceFormat.format(date);
}

/** The badge and the composer's warning: "Asked not to be contacted since Nov 29, 2026". */
export function doNotContactLabel(since: string): string {
  return `Asked not to be contacted since ${since}`;
}

/** The footer line of an email to a person (text). */
export function stopFooterText(url: string): string {
  return `${STOP_LINK_TEXT.footerLead} ${STOP_LINK_TEXT.footerLink}: ${url}`;
}

/** The results the API can send the no-script page to (303 to `/stop/<token>?result=`). */
export const STOP_RESULTS = ["done", "replayed", "invalid"] as const;
export type StopResult = (typeof STOP_RESULTS)[number];

export function stopResultMessage(result: StopResult): string {
  return STOP_LINK_MESSAGES[result];
}
