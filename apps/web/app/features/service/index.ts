/**
 * The service pipeline's staff pages (issue 29 §2) as other features and routes see them
 * (scripts/check-boundaries.mjs): the list, one request's page, a person's requests.
 */
export { PersonRequestsPanel } from "./person-requests";
export { ServiceView } from "./service-list";
export { ServiceRequestPage } from "./service-page";
