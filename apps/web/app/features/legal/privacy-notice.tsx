import { AGENCY, usStateName } from "@agency/domain";
import { Link } from "react-router";
import { PrivacyRequestForm } from "../privacy-request";
import { AgencyContactBlock } from "./agency-contact-block";
import { LEGAL_LAST_UPDATED } from "./last-updated";
import { LegalPage, type LegalSection } from "./legal-page";

/** The state whose notice of insurance information practices this page carries. */
const MINNESOTA = usStateName("MN");

/**
 * Minnesota's Insurance Fair Information Reporting Act asks an agency licensed there for its
 * own notice; an agency licensed elsewhere names its state's law in general terms instead
 * (docs/decisions/0062-region-from-the-profile.md).
 */
const HAS_MINNESOTA_NOTICE = AGENCY.licensedIn.includes("MN");

const STATE_NOTICE = HAS_MINNESOTA_NOTICE ? (
  <>
    <h3>{MINNESOTA} notice of insurance information practices</h3>
    <p>
      The {MINNESOTA} Insurance Fair Information Reporting Act (Minn. Stat. §§ 72A.49 to 72A.505)
      gives you the following rights and requires us to tell you that:
    </p>
    <ul>
      <li>
        Personal information about you may be collected from people other than you, such as motor
        vehicle departments, consumer reporting agencies, claims databases, other insurers and, for
        property, inspection companies.
      </li>
      <li>
        That information, and other personal or privileged information about you, may in some
        circumstances be disclosed to third parties without your authorization, but only as the Act
        permits: for example, to a carrier to process your application or a claim, to detect or
        prevent fraud, to a regulator or law enforcement, or in response to a court order.
      </li>
      <li>
        You have the right to see and obtain a copy of the recorded personal information we hold
        about you, to learn who it has been disclosed to, and to ask us to correct, amend or delete
        anything you believe is wrong. If we disagree, you may file a statement of your own that we
        will keep with your file and send to anyone who receives the information.
      </li>
      <li>
        If a carrier declines your application or charges you more because of information about you
        (an adverse underwriting decision), you may ask for the specific reasons and for the
        information that supports them.
      </li>
      <li>
        We do not use pretext interviews: we never pretend to be someone else or hide the purpose of
        our questions to get information about you.
      </li>
      <li>
        Information in a report prepared by an insurance-support organization (such as a claims
        history database) may be kept by that organization and disclosed to others as the Act
        allows.
      </li>
    </ul>
  </>
) : (
  <>
    <h3>{AGENCY.stateName} privacy rights</h3>
    <p>
      {AGENCY.stateName} law may give you further rights over the personal information an insurance
      agency holds about you, such as the right to see it and to have it corrected. Ask us and we
      will tell you what they are and how to use them.
    </p>
  </>
);

const SECTIONS: readonly LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          {AGENCY.legalName} (“we”, “us”) is an independent insurance agency licensed in{" "}
          {AGENCY.licensedInNames}, with its office at {AGENCY.address.singleLine}. We arrange
          insurance with several insurance companies (“carriers”); we are not an insurance company
          ourselves.
        </p>
        <p>
          This notice explains what personal information we collect through this website and when
          you contact us by phone, email or in person, why we collect it, who sees it, how long we
          keep it and the choices you have. It is also our privacy notice under the federal
          Gramm-Leach-Bliley Act
          {HAS_MINNESOTA_NOTICE
            ? ` and our notice of insurance information practices under ${MINNESOTA} law`
            : ""}
          .
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "What we collect",
    body: (
      <>
        <h3>Quote requests</h3>
        <p>When you ask for an auto quote we collect:</p>
        <ul>
          <li>your name, email address, phone number, home address and date of birth;</li>
          <li>
            your vehicle: year, make, body type, VIN if you give it, annual mileage, how you use it,
            whether you own, lease or finance it, and its safety features;
          </li>
          <li>
            each driver: name, date of birth, driver's license number and state, relationship to
            you, and the number of accidents and violations in the last three years;
          </li>
          <li>the coverage, limits and deductible you choose.</li>
        </ul>
        <p>Please add other drivers only with their permission, and tell them about this notice.</p>

        <h3>Contact messages</h3>
        <p>Your name, email address, phone number, the subject you choose and your message.</p>

        <h3>Appointment requests</h3>
        <p>
          Your name, email address, phone number, the date and time you pick, the type of insurance
          you want to discuss and any message you add.
        </p>

        <h3>Staff accounts</h3>
        <p>
          For agency staff who sign in to our back office only: name, email address, role, account
          status, and a password we store only as a one-way salted hash, never in readable form.
        </p>

        <h3>Technical data, cookies and similar storage</h3>
        <ul>
          <li>
            Our server records the internet address, browser type, page requested and time of each
            request. We use these records to keep the site running and secure, for example to limit
            repeated automated submissions.
          </li>
          <li>
            Strictly necessary cookies and browser storage: a sign-in cookie for staff, your cookie
            choice (“all” or “necessary only”) so we do not ask again, and a short-lived note in
            your browser's session storage that tells the next page to scroll to its form. The site
            does not work properly without them, so they do not need consent.
          </li>
          <li>
            We do not use advertising cookies, and the site runs no third-party tracking or
            analytics tools. If we add optional cookies in future, they will be set only if you
            choose “all”, and we will list them here first.
          </li>
          <li>
            The office map on our location and contact pages comes from Google Maps. It loads only
            when you choose “Show map”; then Google receives your internet address and browser
            details and may set its own cookies, under its own privacy policy.
          </li>
        </ul>

        <h3>Information from others</h3>
        <p>
          When you ask us to obtain a quote from a carrier or to place coverage, the carrier (and
          we, on its behalf) may collect information about you from people other than you: motor
          vehicle records, claims history databases, credit-based insurance scores where the law
          allows, and inspection or investigative consumer reports. See{" "}
          <a href="#legal-notices">Notices required by law</a> below.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "Why we use it",
    body: (
      <>
        <p>We use personal information only to:</p>
        <ul>
          <li>prepare quotes and compare coverage from the carriers we work with;</li>
          <li>reply to your messages and questions;</li>
          <li>schedule, confirm and hold the appointments you request;</li>
          <li>
            apply for, service and renew your policies and help you with claims, when you become a
            client;
          </li>
          <li>keep this website and our records secure and prevent fraud and abuse;</li>
          <li>
            meet our obligations as a licensed agency, and respond to regulators, courts and law
            enforcement as the law requires.
          </li>
        </ul>
        <p>
          We do not use the details you give in a quote, message or appointment request to send you
          marketing you did not ask for, and we do not make automated decisions about you.
        </p>
      </>
    ),
  },
  {
    id: "legal-notices",
    title: "Notices required by law",
    body: (
      <>
        <h3>Federal privacy notice (Gramm-Leach-Bliley Act)</h3>
        <p>
          As an insurance agency we are a financial institution under the Gramm-Leach-Bliley Act. We
          collect the nonpublic personal information described above from your applications and
          requests, from your transactions with us and the carriers, and from consumer reporting
          agencies. We do not disclose it to anyone outside the agency except as the law permits: to
          carriers to quote, place and service your insurance, to service providers who work for us
          under contract, and where the law requires it. Because we do not share it in any other
          way, there is nothing you need to opt out of. We restrict access to staff who need it to
          serve you and protect it with physical, electronic and procedural safeguards.
        </p>

        {STATE_NOTICE}

        <h3>Investigative consumer reports</h3>
        <p>
          In connection with your application, a carrier may order an investigative consumer report:
          information about your character, general reputation or way of living gathered through
          interviews with people who know you. You have the right to ask to be interviewed in
          connection with the report, and to receive a copy of it. Ask us or the carrier, and we
          will pass the request on.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who sees your information",
    body: (
      <>
        <ul>
          <li>
            <strong>Agency staff</strong> who need it to answer you, prepare your quotes and service
            your policies. Staff sign in to our back office, and access depends on their role.
          </li>
          <li>
            <strong>Insurance carriers</strong> we quote with, only when you ask us to obtain a
            quote or place coverage with them, and only what they need to underwrite and service
            your policy.
          </li>
          <li>
            <strong>Service providers</strong> such as our website host, email delivery and IT
            support, under written contracts that let them use the information only to provide their
            services to us and require them to keep it secure.
          </li>
          <li>
            <strong>Authorities</strong> when the law requires it, such as the{" "}
            {AGENCY.regulator.name}, or a court order or subpoena.
          </li>
        </ul>
        <p>
          <strong>We never sell your personal information</strong>, and we do not share it with
          anyone for their own marketing.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <>
        <p>
          Contact messages, quote requests and appointment requests are kept for 3 years from the
          day we receive them, so we can answer follow-up questions and show regulators how we
          handled a request, and then deleted.
        </p>
        <p>
          If a request leads to a policy being bound, the information becomes part of your client
          file and we keep it for as long as the law requires us to keep records of insurance
          transactions, which can be several years after the policy ends.
        </p>
        <p>
          Staff account data is kept while the account exists. Server logs are kept only as long as
          we need them to keep the site secure.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <>
        <ul>
          <li>Information travels between your browser and our site over encrypted connections.</li>
          <li>
            Our back office is open only to signed-in staff; sessions expire after a short time, and
            passwords are stored as salted hashes.
          </li>
          <li>
            Repeated sign-in attempts lock an account for a while, and automated submissions are
            rate-limited.
          </li>
          <li>
            The site loads no third-party scripts, fonts or images, and a strict content security
            policy blocks injected code.
          </li>
        </ul>
        <p>
          No system is perfectly secure. If a security breach ever exposes your personal
          information, we will tell you as {AGENCY.stateName} and federal law require. Please do not
          send Social Security or bank account numbers by email.
        </p>
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices and rights",
    body: (
      <>
        <ul>
          <li>
            <strong>Cookies.</strong> Choose “necessary only” in the cookie banner. To change your
            choice later, use the “Cookie settings” button at the bottom of every page (in the
            footer); it opens the banner again.
          </li>
          <li>
            <strong>Access, correction and deletion.</strong> Email{" "}
            <a href={AGENCY.emailHref}>{AGENCY.email}</a>, call{" "}
            <a href={AGENCY.phoneHref}>{AGENCY.phone}</a> or write to us at the address below. We
            will confirm your identity before we disclose or change anything.
          </li>
          <li>
            <strong>Response times.</strong> We answer access and correction requests within 30
            business days{HAS_MINNESOTA_NOTICE ? `, as ${MINNESOTA} law requires,` : ""} and usually
            much sooner. We delete information on request unless the law requires us to keep it or
            it belongs to a policy in force, and we tell you if that is the case.
          </li>
        </ul>
        <h3 id="privacy-request-heading">Send us a privacy request</h3>
        <p>
          Ask to see, correct or delete the information we hold about you, or to stop sharing it. We
          email you a link to confirm it is you; nothing is shown or done until you open it, and the
          30 business days start then.
        </p>
        <PrivacyRequestForm labelledBy="privacy-request-heading" />
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        This website is for adults and is not directed to children under 13. We do not knowingly
        collect personal information from children. A parent or guardian may give us information
        about a young driver in their household so that we can quote or insure them.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this notice",
    body: (
      <p>
        When we change this notice, we update the date at the top of this page, and if a change
        affects how we use information we already hold, we will tell our clients before it takes
        effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>
          Questions about this notice or your information? Contact us. You may also read our{" "}
          <Link to="/terms">terms of use</Link> and our{" "}
          <Link to="/accessibility">accessibility statement</Link>.
        </p>
        <AgencyContactBlock />
        <p>
          If you have a concern we have not resolved, you can contact the{" "}
          <a href={AGENCY.regulator.url}>{AGENCY.regulator.name}</a>, which licenses and regulates
          insurance agencies in {AGENCY.stateName}.
        </p>
      </>
    ),
  },
];

export function PrivacyNotice() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          How {AGENCY.name} collects, uses, shares and protects the personal information you give
          us, and the rights {AGENCY.stateName} and federal law give you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
