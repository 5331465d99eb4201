import type { ContactMessageInput } from "./schema.ts";

/**
 * An empty contact form. Apart from the schema (schema.ts) so the contact page can start
 * without zod: it loads the rules when the visitor first touches the form.
 */
export function createEmptyContactMessage(): ContactMessageInput {
  return {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    subject: "",
    message: "",
    notRobot: false,
  };
}
