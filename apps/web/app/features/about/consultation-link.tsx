import type { ComponentProps } from "react";
import { ButtonLink } from "../../components/button-link";
import { requestScrollOnArrival, SCROLL_TO_APPOINTMENT_FORM_KEY } from "../../lib/session-flags";

type ConsultationLinkProps = Omit<ComponentProps<typeof ButtonLink>, "to" | "onClick">;

/**
 * Book Consultation / Schedule Consultation: sets the session flag that asks the
 * appointments page to scroll to its form, then opens /appointments#appointment_form.
 */
export function ConsultationLink(props: ConsultationLinkProps) {
  return (
    <ButtonLink
      to="/appointments#appointment_form"
      onClick={() => requestScrollOnArrival(SCROLL_TO_APPOINTMENT_FORM_KEY)}
      {...props}
    />
  );
}
