import { AGENCY } from "@agency/domain";
import { HoursPage } from "../features/location/hours-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/office-open-hours";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Office Hours",
    description: `Office, phone and appointment hours for our ${AGENCY.address.city} insurance agency, and how to reach a licensed agent.`,
  });

export default function OfficeOpenHours() {
  return <HoursPage />;
}
