/**
 * The booking form's messages, the spec's wording word for word. Ours, where the spec has no
 * wording: dateInvalid, dateTooFar (the booking horizon), dateClosed (federal holidays),
 * timePassed and messageInvalid.
 */
export const APPOINTMENT_FIELD_MESSAGES = {
  nameRequired: "Full name is required",
  nameTooShort: "Name must be at least 2 characters long",
  nameTooLong: "Name must be less than 50 characters",
  nameInvalid: "Name can only contain letters, spaces, hyphens, and apostrophes",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 100 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number must be 10 digits",
  dateRequired: "Appointment date is required",
  dateInvalid: "Please select a valid date",
  datePast: "Please select a future date",
  dateTooFar: (horizonDays: number) =>
    `Appointments can be booked up to ${horizonDays} days ahead. Please choose an earlier date.`,
  dateWeekend: "Please select a weekday (Monday-Friday)",
  dateClosed: (holidayName: string) =>
    `The office is closed on ${holidayName}. Please choose another day.`,
  timeRequired: "Time slot is required",
  timeInvalid: "Please select a valid time slot",
  timePassed: "That time has already passed. Please choose a later time.",
  serviceRequired: "Insurance type is required",
  messageTooLong: "Message must be less than 1000 characters",
  messageInvalid: "Message must be text",
} as const;

/** Shown above the form when a submit finds any invalid field. */
export const APPOINTMENT_FORM_ERROR = "Please fix the errors below before submitting";

export const APPOINTMENT_MESSAGES = {
  successTitle: "Thank You!",
  successBody:
    "Your appointment has been scheduled successfully. We'll contact you shortly to confirm the details.",
  submitFailed: "There was an error submitting your appointment. Please try again.",
  /** Ours: the 409 when someone else booked the same date and time first. */
  slotTaken: "That time slot has just been booked. Please choose another time.",
  /** Ours: No-show is a fact about an appointment's start, so not before it. */
  noShowBeforeStart: "An appointment can be marked No-show only once it has started.",
  /** Ours: a cancelled or moved appointment brought back when its slot has filled since. */
  slotFullSinceFreed:
    "That time slot has been booked by someone else since. Move the appointment to another time instead.",
  /** Ours: the 409 when this email or phone already holds the most open bookings allowed. */
  tooManyOpen: (limit: number, phone: string) =>
    `You already have ${limit} upcoming appointments with us. To book another or change one, please call us at ${phone}.`,
} as const;

/** Dashboard: the appointments view's messages. */
export const APPOINTMENT_ADMIN_MESSAGES = {
  loadFailed: (reason: string) => `Error: ${reason}`,
  deleted: "Appointment deleted successfully!",
  deleteFailed: (reason: string) => `Failed to delete appointment: ${reason}`,
  confirmDelete: "Are you sure you want to delete this appointment?",
  empty: "No Appointments Found",
  noMessage: "No message provided",
} as const;
