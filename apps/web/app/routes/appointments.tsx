import { AGENCY } from "@agency/domain";
import { AppointmentPage } from "../features/appointment/appointment-page";
import {
  APPOINTMENT_FORM_ID,
  useScrollToAppointmentForm,
} from "../features/site/use-scroll-to-appointment-form";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Schedule Your Appointment",
    description: `Book a free consultation with a licensed insurance agent in ${AGENCY.address.city}, Monday to Friday.`,
  });

export default function Appointments() {
  useScrollToAppointmentForm();
  // The booking form carries the id the page scrolls to 300 ms after it opens.
  return <AppointmentPage formId={APPOINTMENT_FORM_ID} />;
}
