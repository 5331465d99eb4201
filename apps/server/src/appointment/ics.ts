import { AGENCY, slotStartMinutes, type TimeSlot } from "@agency/domain";

/** The agency's zone with its US DST rules, so every calendar places the time correctly. */
const CHICAGO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Chicago",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "TZNAME:CDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export const APPOINTMENT_INVITE_MINUTES = 30;

/** RFC 5545 text: backslash, semicolon, comma and newlines are escaped. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, "utf8") > limit) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function localDateTime(date: string, minutesAfterMidnight: number): string {
  const hours = String(Math.floor(minutesAfterMidnight / 60)).padStart(2, "0");
  const minutes = String(minutesAfterMidnight % 60).padStart(2, "0");
  return `${date.replaceAll("-", "")}T${hours}${minutes}00`;
}

function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** What an invitation does in the visitor's calendar (RFC 5546): add or update, or remove. */
export type InviteMethod = "REQUEST" | "CANCEL";

export type InviteInput = {
  /** The stable UID's local part (the first booking's id; kept across moves, decision 0035). */
  uid: string;
  /** One more with each change, so calendars replace the event they hold. */
  sequence: number;
  method: InviteMethod;
  date: string;
  time: TimeSlot;
  service: string;
  /** The visitor's one mailbox; their name is not written (no visitor text in our mail). */
  attendeeEmail: string;
};

/** The MIME type of an invitation's attachment: its method must match the file's. */
export function inviteContentType(method: InviteMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/**
 * A calendar invitation for a consultation: 30 minutes at the office, in Chicago time
 * (with the zone's rules, so every client places it right across DST), tentative until an
 * agent confirms it. The same UID with a higher SEQUENCE updates it (a move) or, with
 * METHOD:CANCEL and STATUS:CANCELLED, removes it.
 */
export function appointmentInvite(input: InviteInput, now: Date = new Date()): string {
  const start = slotStartMinutes(input.time);
  const host = new URL(AGENCY.siteUrl).hostname;
  const isCancel = input.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${AGENCY.name}//Appointments//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${input.method}`,
    ...CHICAGO_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${input.uid}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=America/Chicago:${localDateTime(input.date, start)}`,
    `DTEND;TZID=America/Chicago:${localDateTime(input.date, start + APPOINTMENT_INVITE_MINUTES)}`,
    `SUMMARY:${escapeText(`${isCancel ? "Canceled: " : ""}${input.service} consultation with ${AGENCY.name}`)}`,
    `LOCATION:${escapeText(`${AGENCY.name}, ${AGENCY.address.singleLine}`)}`,
    `GEO:${AGENCY.coordinates.lat};${AGENCY.coordinates.lng}`,
    `DESCRIPTION:${escapeText(
      isCancel
        ? `This ${input.service} consultation has been canceled. To book again: ${AGENCY.siteUrl}/appointments or ${AGENCY.phone}.`
        : `Your ${input.service} consultation. We'll contact you shortly to confirm the details. Questions or changes: ${AGENCY.phone}.`,
    )}`,
    isCancel ? "STATUS:CANCELLED" : "STATUS:TENTATIVE",
    `ORGANIZER;CN=${escapeText(AGENCY.name)}:mailto:${AGENCY.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${input.attendeeEmail}`,
    `SEQUENCE:${input.sequence}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
