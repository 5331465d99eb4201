import type { AppointmentsTable } from "../db/schema.ts";

/** The manage columns (decision 0035) of a new appointment: no link yet, a first invitation. */
export function newManageColumns(
  id: string,
): Pick<
  AppointmentsTable,
  | "manage_token_hash"
  | "ics_uid"
  | "ics_sequence"
  | "rescheduled_from"
  | "rescheduled_to"
  | "cancelled_at"
  | "cancel_reason"
  | "visitor_moves_on"
  | "visitor_moves"
> {
  return {
    manage_token_hash: null,
    ics_uid: id,
    ics_sequence: 0,
    rescheduled_from: null,
    rescheduled_to: null,
    cancelled_at: null,
    cancel_reason: null,
    visitor_moves_on: null,
    visitor_moves: 0,
  };
}
