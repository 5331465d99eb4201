import { AGENCY } from "@agency/domain";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Schedule Your Appointment",
    description:
      "Book a free consultation with a licensed insurance agent in Minneapolis, Monday to Friday.",
  });

export default function Appointments() {
  return (
    <PageHeading eyebrow="Free consultation" title="Schedule Your Appointment">
      <p>
        Meet a licensed agent for a free 30 to 45 minute consultation about your auto, home, renters
        or business insurance. Appointments are available Monday to Friday between 9:00 AM and 5:00
        PM.
      </p>
      <p>
        You can also call us at{" "}
        <a
          href={AGENCY.phoneHref}
          className="font-semibold text-white underline underline-offset-4"
        >
          {AGENCY.phone}
        </a>
        .
      </p>
    </PageHeading>
  );
}
