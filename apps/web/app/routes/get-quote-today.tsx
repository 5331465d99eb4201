import { AGENCY } from "@agency/domain";
import { QuotePageIntro } from "../components/quote-page-intro";
import { AutoQuoteWizard } from "../features/quote/auto-quote-wizard";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/get-quote-today";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Get Your Auto Quote",
    description: `Get a free estimated auto insurance quote from an independent ${AGENCY.stateName} agency in five short steps.`,
  });

export default function GetQuoteToday() {
  return (
    <>
      <QuotePageIntro />
      <AutoQuoteWizard />
    </>
  );
}
