import { AgencyDifference } from "./agency-difference";
import { ClosingCallToAction } from "./closing-call-to-action";
import { Hero } from "./hero";
import { ProductExplorer } from "./product-explorer";
import { ProductSelection } from "./product-selection";
import { QuoteTypeChooser } from "./quote-type-chooser";
import { TrustSection } from "./trust-section";
import { WhyChooseUsGrid } from "./why-choose-us-grid";

/** The home page, its sections top to bottom in the order the spec gives them. */
export function HomePage() {
  return (
    <>
      <Hero />
      <TrustSection />
      <ProductExplorer />
      <WhyChooseUsGrid />
      <ProductSelection />
      <AgencyDifference />
      <QuoteTypeChooser />
      <ClosingCallToAction />
    </>
  );
}
