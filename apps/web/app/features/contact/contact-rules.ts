import {
  type ContactMessage,
  type ContactMessageInput,
  ContactMessageSchema,
  firstMessageByField,
} from "@agency/domain";

export type ContactCheck =
  | { ok: true; message: ContactMessage }
  | { ok: false; messages: Record<string, string> };

/**
 * The contact form's check: the domain's schema, which also cleans (tags stripped, phone
 * as digits). Loaded when the visitor first touches the form (use-contact-form.ts).
 */
export function checkContactMessage(input: ContactMessageInput): ContactCheck {
  const result = ContactMessageSchema.safeParse(input);
  return result.success
    ? { ok: true, message: result.data }
    : { ok: false, messages: firstMessageByField(result.error) };
}
