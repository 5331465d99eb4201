/**
 * What other features may use of the appointment feature (scripts/check-boundaries.mjs):
 * the dashboard's staff booking shows the same day's slots with the same picker, and its
 * Move dialog asks for the new time with the manage page's fields.
 */

export { RescheduleFields, useReschedule } from "./reschedule-fields";
export { TimeSlotPicker } from "./time-slot-picker";
export { type SlotChoice, slotChoices, useDaySlots } from "./use-day-slots";
