/**
 * What other features may use of the appointment feature (scripts/check-boundaries.mjs):
 * the dashboard's staff booking shows the same day's slots with the same picker.
 */
export { TimeSlotPicker } from "./time-slot-picker";
export { type SlotChoice, slotChoices, useDaySlots } from "./use-day-slots";
