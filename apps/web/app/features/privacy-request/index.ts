/**
 * The public side of privacy requests (issue 30 §2): the privacy page's form and the page of
 * its emailed link. Kept apart from the staff's pages (features/privacy-desk) so the privacy
 * page loads none of the dashboard.
 */
export { PrivacyRequestForm } from "./privacy-request-form";
export { PrivacyVerifyPage } from "./verify-page";
