import { AGENCY } from "@agency/domain";
import { Link } from "react-router";
import { AgencyContactBlock } from "./agency-contact-block";
import { LEGAL_LAST_UPDATED } from "./last-updated";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "agreement",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms apply to your use of this website, run by {AGENCY.legalName}, an independent
          insurance agency licensed in {AGENCY.licensedInNames}. By using the site you agree to
          them. Our <Link to="/privacy">privacy policy</Link> explains how we handle the information
          you give us.
        </p>
        <p>
          We are an agency, not an insurance company. Coverage is provided by the carriers we
          represent, under the terms of the policies they issue.
        </p>
      </>
    ),
  },
  {
    id: "estimates",
    title: "Quotes are estimates",
    body: (
      <>
        <p>
          The monthly premium shown by our online quote tool is an estimate based on the answers you
          give and a simplified rating method. It is not an offer of insurance and not a promise of
          a price.
        </p>
        <p>
          Your actual premium is set by the carrier after it reviews your application and
          information such as your driving record, claims history and, where the law allows, a
          credit-based insurance score. It can be higher or lower than the estimate. An estimate
          becomes an offer only when a licensed agent confirms the carrier, coverage and price to
          you in writing.
        </p>
      </>
    ),
  },
  {
    id: "no-online-binding",
    title: "No coverage is bound online",
    body: (
      <>
        <p>
          Submitting a quote request, a message or an appointment request through this site does not
          bind, change or cancel any insurance. You are not covered until a licensed agent confirms
          in writing that your policy or change is in effect, and tells you from what date.
        </p>
        <p>
          Do not cancel or let an existing policy lapse until you have that written confirmation. To
          report a claim or make an urgent change, call us at{" "}
          <a href={AGENCY.phoneHref}>{AGENCY.phone}</a> or contact your carrier directly.
        </p>
      </>
    ),
  },
  {
    id: "your-information",
    title: "Accurate information",
    body: (
      <>
        <p>
          Please give complete and accurate answers. Quotes and policies rely on what you tell us,
          and incorrect or missing information can change your price, or lead a carrier to deny a
          claim or cancel a policy.
        </p>
        <p>
          Only enter information about other people, such as additional drivers, if you have their
          permission to share it with us.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>When you use this site, you agree not to:</p>
        <ul>
          <li>submit false information or requests in someone else's name;</li>
          <li>use the site for anything unlawful, fraudulent or harmful;</li>
          <li>
            send automated or bulk requests, or scrape, copy or harvest content or data from the
            site;
          </li>
          <li>
            try to get around its security, reach areas you are not authorized to use, or interfere
            with its operation;
          </li>
          <li>upload or send malicious code or spam.</li>
        </ul>
        <p>
          We may block access from anyone who breaks these rules and report unlawful activity to the
          authorities.
        </p>
      </>
    ),
  },
  {
    id: "third-party-links",
    title: "Links to carriers and other sites",
    body: (
      <p>
        This site links to other websites, such as insurance carriers, Google Maps and our social
        media pages. We do not control those sites and are not responsible for their content,
        availability or privacy practices. Read their own terms and privacy policies when you use
        them.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    body: (
      <p>
        The text, design, logo and graphics on this site belong to {AGENCY.legalName} or are used
        with permission. You may view and print pages for your own personal, non-commercial use. Any
        other copying, publishing or reuse needs our written permission. and logos belong to their
        owners.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          The information on this site is general. It describes common types of coverage, not the
          terms of any particular policy, and it is not legal, tax or financial advice. Your policy
          documents decide what is covered; if they differ from anything on this site, the policy
          controls.
        </p>
        <p>
          We work to keep the site accurate and available, but we provide it “as is” and do not
          promise that it will always be available, error-free or free of harmful components.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, {AGENCY.legalName} is not liable for indirect, incidental or
        consequential losses arising from your use of this website or your reliance on an online
        estimate. Nothing in these terms limits our duties to you as a licensed insurance agency
        under {AGENCY.stateName} law, or any liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: `${AGENCY.stateName} law`,
    body: (
      <p>
        These terms are governed by the laws of the State of {AGENCY.stateName}, without regard to
        its conflict-of-law rules. Any dispute about them or about this site will be heard in the
        state or federal courts located in {AGENCY.stateName}, unless the law gives you the right to
        bring it elsewhere.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms from time to time. The date at the top of this page shows when
        they last changed. The terms in force when you use the site apply to that use.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>Questions about these terms? Contact us:</p>
        <AgencyContactBlock />
      </>
    ),
  },
];

export function TermsOfUse() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          The terms that apply when you use this website and its quote tool. In short: online prices
          are estimates, and nothing is insured until an agent confirms it in writing.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
