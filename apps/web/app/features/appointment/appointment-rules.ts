import { type AppointmentInput, checkWith, createAppointmentSchema } from "@agency/domain";

// Reads the clock at each check: "today" and "this slot has started" are Chicago's now.
const AppointmentFormSchema = createAppointmentSchema();

/**
 * The booking form's check: the domain's schema, which also cleans (tags stripped, phone
 * as digits). Loaded when the visitor first touches the form (use-appointment-form.ts).
 */
export function checkAppointment(values: AppointmentInput) {
  return checkWith(AppointmentFormSchema, values);
}
