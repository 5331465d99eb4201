/**
 * What other features may use of lead entry: the Add lead button (the dashboard's frame)
 * and the contact-details editor every kind of lead offers.
 */
export { AddLeadButton } from "./add-lead-button";
export { detailsOf, EditContactDetails } from "./edit-contact-details";
export { LeadField } from "./lead-field";
export type { FieldSpec } from "./lead-fields";
export { SourceNote } from "./source-note";
