/** What other features may use of the contact feature (scripts/check-boundaries.mjs). */
export { ContactForm } from "./contact-form";
