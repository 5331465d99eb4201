import { AGENCY } from "@agency/domain";
import { Link } from "react-router";
import { AgencyContactBlock } from "./agency-contact-block";
import { LEGAL_LAST_UPDATED } from "./last-updated";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "commitment",
    title: "Our commitment",
    body: (
      <p>
        {AGENCY.name} wants everyone to be able to get a quote, reach an agent and understand their
        insurance, whatever device or assistive technology they use. We design and test this website
        to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, and we treat any
        barrier you find as a defect to fix.
      </p>
    ),
  },
  {
    id: "what-we-did",
    title: "What we have done",
    body: (
      <ul>
        <li>
          <strong>Keyboard.</strong> Every link, menu, tab, button and form field works with a
          keyboard alone, focus is always visible, and a “Skip to main content” link comes first on
          every page.
        </li>
        <li>
          <strong>Screen readers.</strong> Pages use landmarks and headings in order, form fields
          have labels, errors are announced and linked to their fields, and icons are hidden from
          assistive technology where the text already says the same.
        </li>
        <li>
          <strong>Contrast and text.</strong> Text has a contrast ratio of at least 4.5:1, pages
          reflow to a 320 px wide screen, and text can be enlarged to 200% without loss of content.
        </li>
        <li>
          <strong>Reduced motion.</strong> If your device asks for reduced motion, content appears
          without animation and pages jump to sections instead of scrolling smoothly.
        </li>
        <li>
          <strong>No time limits.</strong> Forms never time out: take as long as you need to
          complete a quote, a message or an appointment request.
        </li>
        <li>
          <strong>Touch.</strong> Buttons and links are large enough to tap, and nothing depends on
          hovering or on complex gestures.
        </li>
        <li>
          <strong>Testing.</strong> Automated accessibility checks run on every change, and we test
          new features with the keyboard before release.
        </li>
      </ul>
    ),
  },
  {
    id: "known-limitations",
    title: "Known limitations",
    body: (
      <>
        <p>
          The office map on our <Link to="/location/our-locations">location</Link> and{" "}
          <Link to="/contact-us">contact</Link> pages is embedded from Google Maps, which we do not
          control, and it can be hard to use with a keyboard or screen reader. The same information
          is on the page as text: our address is {AGENCY.address.singleLine}, and the{" "}
          <a href={AGENCY.directionsUrl} target="_blank" rel="noopener noreferrer">
            directions link (opens Google Maps in a new tab)
          </a>{" "}
          lets your own map app plan the route.
        </p>
        <p>
          Carrier websites and policy documents we link to or send you are produced by the carriers.
          If one is hard to use, tell us and we will help you get the information another way.
        </p>
      </>
    ),
  },
  {
    id: "help-by-phone",
    title: "Help by phone and alternative formats",
    body: (
      <>
        <p>
          Everything you can do on this site you can also do by phone with a licensed agent: get a
          quote, send us a message or book a consultation. Call{" "}
          <a href={AGENCY.phoneHref}>{AGENCY.phone}</a> ({AGENCY.phoneHoursDisplay.join("; ")},
          Central Time). If you are deaf, hard of hearing or have a speech disability, you can reach
          us through the Telecommunications Relay Service by dialing 711.
        </p>
        <p>
          If you need a page, a quote or a policy document in another format, such as large print or
          an accessible electronic file, ask us and we will work with you and the carrier to provide
          it.
        </p>
      </>
    ),
  },
  {
    id: "claims",
    title: "Reporting a claim",
    body: (
      <p>
        Insurance claims should be reported to us or directly to your carrier within 24–48 hours of
        the loss. If this website is hard for you to use, call us and we will help you report your
        claim by phone.
      </p>
    ),
  },
  {
    id: "report-a-barrier",
    title: "Report a barrier",
    body: (
      <>
        <p>
          If something on this site does not work for you, please tell us. It helps to include the
          page address, what you were trying to do, and the browser and assistive technology you
          use, but a short description is enough.
        </p>
        <p>Call, email or write to us:</p>
        <AgencyContactBlock />
        <p>
          <strong>We respond within 5 business days</strong>, and we will help you with whatever you
          were trying to do in the meantime.
        </p>
      </>
    ),
  },
];

export function AccessibilityStatement() {
  return (
    <LegalPage
      title="Accessibility Statement"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          Our commitment to a website everyone can use, what we have done, where we still fall
          short, and how to tell us about a barrier.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
