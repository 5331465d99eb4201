import { type ContactMessageInput, ContactMessageSchema, checkWith } from "@agency/domain";

/**
 * The contact form's check: the domain's schema, which also cleans (tags stripped, phone
 * as digits). Loaded when the visitor first touches the form (use-contact-form.ts).
 */
export function checkContactMessage(input: ContactMessageInput) {
  return checkWith(ContactMessageSchema, input);
}
