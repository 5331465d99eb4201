import ICAL from "ical.js";

/** Parses an invitation as a calendar client does: its own VTIMEZONE places the times. */
export type ReadInvite = {
  method: unknown;
  uid: string;
  sequence: number;
  status: unknown;
  start: string;
  end: string;
  zone: string | undefined;
};

export function readInvite(text: string): ReadInvite {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue("status"),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    zone: event.startDate.zone?.tzid,
  };
}
