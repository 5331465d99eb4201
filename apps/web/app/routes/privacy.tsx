import { AGENCY } from "@agency/domain";
import { PrivacyNotice } from "../features/legal/privacy-notice";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    description: `How we collect, use, share and protect the personal information you give us, and your rights under ${AGENCY.stateName} and federal law.`,
  });

export default function Privacy() {
  return <PrivacyNotice />;
}
