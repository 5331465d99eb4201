import { useParams } from "react-router";
import { ManageBookingPage } from "../features/appointment/manage-booking-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/manage-appointment";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Your appointment",
    description: "See, move or cancel your consultation with the link from your email.",
    noIndex: true,
  }),
  // The address holds the booking's link: no request from this page may carry it away.
  { name: "referrer", content: "no-referrer" },
];

/** The link in a booking's emails (decision 0035); client-rendered, never prerendered. */
export default function ManageAppointment() {
  const { token = "" } = useParams();
  return <ManageBookingPage key={token} token={token} />;
}
