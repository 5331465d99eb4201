import { AccessibilityStatement } from "../features/legal/accessibility-statement";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Accessibility Statement",
    description:
      "Our commitment to WCAG 2.2 AA, known limitations, help by phone, and how to report an accessibility barrier.",
  });

export default function Accessibility() {
  return <AccessibilityStatement />;
}
