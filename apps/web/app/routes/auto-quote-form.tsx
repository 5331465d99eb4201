import { QuotePageIntro } from "../components/quote-page-intro";
import { AutoQuoteWizard } from "../features/quote/auto-quote-wizard";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/auto-quote-form";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Get Your Auto Quote",
    description:
      "Request an auto insurance quote: your details, vehicle, drivers and coverage, reviewed by a licensed agent.",
  });

export default function AutoQuoteForm() {
  return (
    <>
      <QuotePageIntro />
      <AutoQuoteWizard />
    </>
  );
}
