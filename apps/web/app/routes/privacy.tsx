import { PrivacyNotice } from "../features/legal/privacy-notice";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    description:
      "How we collect, use, share and protect the personal information you give us, and your rights under Minnesota and federal law.",
  });

export default function Privacy() {
  return <PrivacyNotice />;
}
