import { leadSearchText, NO_NEXT_TASK_AT, type SearchablePerson } from "@agency/domain";

/** How a lead reached the agency: the public forms, or staff entering it (issue 14). */
export type LeadSource = "web" | "phone" | "walk-in" | "email";

/** The workspace columns every new lead row starts with, its search text included. */
export function newLeadColumns(person: SearchablePerson, source: LeadSource = "web") {
  return {
    /** Set as the lead is stored, in its transaction (person/matching.ts). */
    person_id: null,
    assigned_to: null,
    follow_up_on: null,
    next_task_at: NO_NEXT_TASK_AT,
    lost_reason: null,
    lost_detail: null,
    archived_at: null,
    archived_by: null,
    source,
    updated_at: null,
    search_text: leadSearchText(person),
  };
}
