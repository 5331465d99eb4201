/**
 * The lead tables, and how mail and audit entries name a lead of each. A Client Center
 * request is worked as a lead is (decision 0077), though it is no lead: it is in no report.
 */
export type LeadTable = "auto_quotes" | "contacts" | "appointments" | "service_requests";

/** How mail and audit entries name a lead of each table. */
export const RELATED_TYPE = {
  auto_quotes: "auto_quote",
  contacts: "contact",
  appointments: "appointment",
  service_requests: "service_request",
} as const;
