import { AGENCY } from "@agency/domain";
import { LocationPage } from "../features/location/location-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/our-locations";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Our Location",
    description: `Visit our ${AGENCY.address.city} office: map, directions, phone, email, hours, parking and accessibility.`,
  });

export default function OurLocations() {
  return <LocationPage />;
}
