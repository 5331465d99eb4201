import {
  addDays,
  type CalendarDate,
  formatCalendarDate,
  parseCalendarDate,
  type ServiceRecord,
  todayInAgencyZone,
} from "@agency/domain";

/** A Central day `offset` days from today (negative: before). */
export function dayFromToday(offset: number): CalendarDate {
  const today = parseCalendarDate(todayInAgencyZone(new Date()));
  if (!today) throw new Error("no today");
  return formatCalendarDate(addDays(today, offset));
}

/** A stored request as the staff routes answer it (a claim notice with one photo). */
export function serviceRequest(change: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    _id: "s1",
    createdAt: "2026-11-20T15:00:00.000Z",
    status: "new",
    statusChangedAt: "2026-11-20T15:00:00.000Z",
    archivedAt: null,
    source: "web",
    firstTouch: null,
    firstResponseAt: null,
    personId: "p1",
    assignedTo: null,
    followUpOn: null,
    lostReason: null,
    lostDetail: null,
    nextTaskAt: null,
    reference: "SR-2026-000042",
    kind: "claim",
    name: "Maria Lindqvist",
    email: "maria@example.com",
    phone: "6125550100",
    carrier: "Acme Mutual",
    policyNumber: "AU-12345",
    details: {
      lossDate: "2026-11-18",
      lossPlace: "Lake St and 28th Ave",
      description: "Rear-ended at a light.",
      injuries: "not-sure",
      policeReport: "",
    },
    dueOn: dayFromToday(-1),
    attachments: [{ _id: "a1", name: "bumper.jpg", type: "image/jpeg", size: 2_516_582 }],
    ...change,
  };
}
