import type { LeadNote } from "@agency/domain";
import { NO_NEXT_TASK_AT, userDisplayName } from "@agency/domain";

type LeadWorkColumns = {
  person_id: string | null;
  assigned_to: string | null;
  follow_up_on: string | null;
  lost_reason: string | null;
  lost_detail: string | null;
  next_task_at: string;
  first_touch_source: string | null;
  first_touch_medium: string | null;
  first_touch_campaign: string | null;
  first_response_at: string | null;
};

/** The working fields of a lead row (and its person, decision 0066), as every lead record carries them. */
export function toLeadWork(row: LeadWorkColumns) {
  return {
    personId: row.person_id,
    assignedTo: row.assigned_to,
    followUpOn: row.follow_up_on,
    lostReason: row.lost_reason,
    lostDetail: row.lost_detail,
    nextTaskAt: row.next_task_at === NO_NEXT_TASK_AT ? null : row.next_task_at,
    firstTouch:
      row.first_touch_source === null
        ? null
        : {
            source: row.first_touch_source,
            medium: row.first_touch_medium ?? "",
            campaign: row.first_touch_campaign ?? "",
          },
    firstResponseAt: row.first_response_at,
  };
}

export type NoteRow = {
  id: string;
  kind: string;
  outcome: string | null;
  body: string;
  created_at: string;
  author_id: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
};

export function toLeadNote(row: NoteRow): LeadNote {
  return {
    _id: row.id,
    kind: row.kind as LeadNote["kind"],
    outcome: row.outcome as LeadNote["outcome"],
    body: row.body,
    createdAt: row.created_at,
    author: row.author_id
      ? {
          _id: row.author_id,
          name: userDisplayName({
            firstName: row.author_first_name ?? "",
            lastName: row.author_last_name ?? "",
            email: row.author_email ?? "",
          }),
        }
      : null,
  };
}
