import { DEFAULT_APPOINTMENT_SERVICE } from "./options.ts";
import type { AppointmentInput } from "./schema.ts";

/**
 * An empty booking form. Apart from the schema (schema.ts) so the booking page can start
 * without zod: it loads the rules when the visitor first touches the form.
 */
export function createEmptyAppointment(): AppointmentInput {
  return {
    name: "",
    email: "",
    phone: "",
    date: "",
    time: "",
    service: DEFAULT_APPOINTMENT_SERVICE,
    message: "",
  };
}
