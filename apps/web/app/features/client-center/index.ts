/** The public Client Center page (issue 29 §1): claims, payments and service requests. */
export { ClientCenterPage } from "./client-center-page";
