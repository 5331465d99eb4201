/**
 * Privacy requests (issue 30 §2) as other features and routes see them: the privacy page's
 * form, the page of its emailed link, and the dashboard's list and request page.
 */
export { PrivacyRequestsView } from "./privacy-list";
export { PrivacyRequestPage } from "./privacy-page";
export { PrivacyRequestForm } from "./privacy-request-form";
export { PrivacyVerifyPage } from "./verify-page";
