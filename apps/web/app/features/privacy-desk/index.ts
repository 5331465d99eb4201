/**
 * The staff's side of privacy requests (issue 30 §2, decision 0082): the list of verified
 * requests and one request's page.
 */
export { PrivacyRequestsView } from "./privacy-list";
export { PrivacyRequestPage } from "./privacy-page";
