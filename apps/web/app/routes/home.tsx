import { AGENCY } from "@agency/domain";
import { HomePage } from "../features/home/home-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `Independent Insurance Agency in ${AGENCY.region}`,
    description: `Independent ${AGENCY.address.city} insurance agency: auto, home, renters, motorcycle, RV and business insurance compared across several carriers.${AGENCY.figures.businessRating ? ` ${AGENCY.figures.businessRating.value} rated.` : ""} Get a free quote or book an appointment.`,
  });

export default function Home() {
  return <HomePage />;
}
