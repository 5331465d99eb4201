/**
 * Email from the app as other features see it (decision 0068): the only module they import
 * from it (scripts/check-boundaries.mjs).
 */
export { registerEmailTemplateRoutes, registerLeadEmailRoutes } from "./routes.ts";
export {
  type EmailAbout,
  type EmailRecipient,
  emailsAbout,
  emailsOf,
  retryStaffEmail,
  type SendEmailRoute,
  sendStaffEmail,
} from "./service.ts";
