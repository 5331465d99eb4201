import { checkWith, type PrivacyRequestInput, PrivacyRequestSchema } from "@agency/domain";

/**
 * The privacy request form's check: the domain's schema, which also cleans. Loaded when the
 * visitor first touches the form (use-privacy-request-form.ts), so the privacy page stays light.
 */
export function checkPrivacyRequest(input: PrivacyRequestInput) {
  return checkWith(PrivacyRequestSchema, input);
}
