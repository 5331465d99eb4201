import { checkWith, type ServiceRequestInput, ServiceRequestSchema } from "@agency/domain";

/**
 * A Client Center form's check: the domain's schema, which also cleans (tags stripped,
 * the phone as digits). Loaded when the visitor first touches a form.
 */
export function checkServiceRequest(input: ServiceRequestInput) {
  return checkWith(ServiceRequestSchema, input);
}
