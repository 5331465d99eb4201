import {
  type Appointment,
  type AppointmentInput,
  createAppointmentSchema,
  firstMessageByField,
} from "@agency/domain";

// Reads the clock at each check: "today" and "this slot has started" are Chicago's now.
const AppointmentFormSchema = createAppointmentSchema();

export type AppointmentCheck =
  | { ok: true; appointment: Appointment }
  | { ok: false; messages: Record<string, string> };

/**
 * The booking form's check: the domain's schema, which also cleans (tags stripped, phone
 * as digits). Loaded when the visitor first touches the form (use-appointment-form.ts).
 */
export function checkAppointment(values: AppointmentInput): AppointmentCheck {
  const result = AppointmentFormSchema.safeParse(values);
  return result.success
    ? { ok: true, appointment: result.data }
    : { ok: false, messages: firstMessageByField(result.error) };
}
