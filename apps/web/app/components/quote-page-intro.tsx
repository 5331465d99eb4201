import { AGENCY } from "@agency/domain";
import { PageHeading } from "./page-heading";

/** The heading shared by the two auto quote pages (/get-quote-today and /auto-quote-form). */
export function QuotePageIntro() {
  return (
    <PageHeading eyebrow="Free auto quote" title="Get Your Auto Quote">
      <p>
        Tell us about yourself, your vehicle and your drivers, choose your coverage, and see an
        estimated monthly premium. A licensed agent reviews every request within 2 hours during
        office hours.
      </p>
      <p>
        Prefer to talk it through? Call us at{" "}
        <a
          href={AGENCY.phoneHref}
          className="font-semibold text-white underline underline-offset-4"
        >
          {AGENCY.phone}
        </a>
        .
      </p>
    </PageHeading>
  );
}
