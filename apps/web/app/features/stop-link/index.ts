export { DoNotContactBadge, useDoNotContact } from "./do-not-contact-badge";
export { StopPage } from "./stop-page";
