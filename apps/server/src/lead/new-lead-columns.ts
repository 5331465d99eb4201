import {
  DIRECT_SOURCE,
  type FirstTouch,
  type LeadSource,
  leadSearchText,
  NO_NEXT_TASK_AT,
  type SearchablePerson,
} from "@agency/domain";

export type { LeadSource };

/** What a public form's visitor sent without scripts or from an old page: "direct" (decision 0074). */
const UNKNOWN_TOUCH: FirstTouch = { source: DIRECT_SOURCE, medium: "", campaign: "" };

/**
 * The workspace columns every new lead row starts with, its search text included. A web
 * lead keeps its first touch (the form's `leadSource`); a staff entry keeps none.
 */
export function newLeadColumns(
  person: SearchablePerson,
  source: LeadSource = "web",
  firstTouch?: FirstTouch,
) {
  const touch = source === "web" ? (firstTouch ?? UNKNOWN_TOUCH) : null;
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
    first_touch_source: touch?.source ?? null,
    first_touch_medium: touch?.medium ?? null,
    first_touch_campaign: touch?.campaign ?? null,
    first_response_at: null,
    first_response_seconds: null,
  };
}
