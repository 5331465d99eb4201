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

export type InviteInput = {
  id: string;
  date: string;
  time: TimeSlot;
  service: string;
  /** The visitor's one mailbox; their name is not written (no visitor text in our mail). */
  attendeeEmail: string;
};

/**
 * A calendar invitation for a booked consultation: 30 minutes at the office, in Chicago
 * time, tentative until an agent confirms it.
 */
export function appointmentInvite(input: InviteInput, now: Date = new Date()): string {
  const start = slotStartMinutes(input.time);
  const host = new URL(AGENCY.siteUrl).hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${AGENCY.name}//Appointments//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...CHICAGO_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${input.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=America/Chicago:${localDateTime(input.date, start)}`,
    `DTEND;TZID=America/Chicago:${localDateTime(input.date, start + APPOINTMENT_INVITE_MINUTES)}`,
    `SUMMARY:${escapeText(`${input.service} consultation with ${AGENCY.name}`)}`,
    `LOCATION:${escapeText(`${AGENCY.name}, ${AGENCY.address.singleLine}`)}`,
    `GEO:${AGENCY.coordinates.lat};${AGENCY.coordinates.lng}`,
    `DESCRIPTION:${escapeText(
      `Your ${input.service} consultation. We'll contact you shortly to confirm the details. Questions or changes: ${AGENCY.phone}.`,
    )}`,
    "STATUS:TENTATIVE",
    `ORGANIZER;CN=${escapeText(AGENCY.name)}:mailto:${AGENCY.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT:mailto:${input.attendeeEmail}`,
    "SEQUENCE:0",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
