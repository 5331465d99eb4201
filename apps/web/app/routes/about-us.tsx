import { AGENCY } from "@agency/domain";
import { AboutPage } from "../features/about/about-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "About Us",
    description: `An independent insurance agency licensed in ${AGENCY.licensedInNames}: our story, our mission, and the licensed ${AGENCY.address.city} agents who compare carriers for you.`,
  });

export default function AboutUs() {
  return <AboutPage />;
}
