/** The three lead tables, and how mail and audit entries name a lead of each. */
export type LeadTable = "auto_quotes" | "contacts" | "appointments";

/** How mail and audit entries name a lead of each table. */
export const RELATED_TYPE = {
  auto_quotes: "auto_quote",
  contacts: "contact",
  appointments: "appointment",
} as const;
