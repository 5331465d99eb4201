import { AGENCY } from "@agency/domain";
import { ContactPage } from "../features/contact";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact Us",
    description: `Call, email or visit our ${AGENCY.address.city} insurance agency. A licensed agent replies to every message within 24 hours.`,
  });

export default function ContactUs() {
  return <ContactPage />;
}
