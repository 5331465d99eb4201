import type { PrivacyRequestPage, PrivacyRequestRecord } from "@agency/domain";

/** A verified privacy request as the API answers it. */
export function privacyRequest(change: Partial<PrivacyRequestRecord> = {}): PrivacyRequestRecord {
  return {
    _id: "0190a0b0-0000-7000-8000-000000000001",
    kind: "access",
    name: "Maria Lindqvist",
    email: "maria@example.com",
    phone: "",
    details: "Please send me what you hold.",
    status: "new",
    statusChangedAt: "2026-11-20T15:00:00.000Z",
    createdAt: "2026-11-20T14:00:00.000Z",
    verifiedAt: "2026-11-20T15:00:00.000Z",
    dueOn: "2027-01-06",
    overdue: false,
    personId: "p1",
    assignedTo: null,
    answer: null,
    answeredAt: null,
    answeredBy: null,
    ...change,
  };
}

export function privacyPage(change: Partial<PrivacyRequestRecord> = {}): PrivacyRequestPage {
  return {
    success: true,
    data: privacyRequest(change),
    timeline: [
      {
        at: "2026-11-20T14:00:00.000Z",
        action: "privacy_request.received",
        by: null,
        details: { kind: "access" },
      },
      {
        at: "2026-11-20T15:00:00.000Z",
        action: "privacy_request.verified",
        by: null,
        details: { dueOn: "2027-01-06" },
      },
    ],
  };
}
