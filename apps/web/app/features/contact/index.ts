/** What other features and the routes may use of the contact feature (scripts/check-boundaries.mjs). */
export { ContactForm } from "./contact-form";
export { ContactPage } from "./contact-page";
