/**
 * The appointment feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */
export { APPOINTMENT_HOOKS, bookAppointment, toAppointmentRecord } from "./service.ts";
