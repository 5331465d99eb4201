import type { ComponentProps } from "react";
import { ButtonLink } from "../../components/button-link";
import { requestScrollOnArrival, SCROLL_TO_APPOINTMENT_FORM_KEY } from "../../lib/session-flags";

type AppointmentLinkProps = Omit<ComponentProps<typeof ButtonLink>, "to" | "onClick">;

/** Opens the booking form, asking the appointments page to scroll to it on arrival. */
export function AppointmentLink(props: AppointmentLinkProps) {
  return (
    <ButtonLink
      to="/appointments#appointment_form"
      onClick={() => requestScrollOnArrival(SCROLL_TO_APPOINTMENT_FORM_KEY)}
      {...props}
    />
  );
}
