export {
  addressRevokedSince,
  peopleWithEmailKey,
  personRevokedSince,
  stopContacting,
} from "./stop-link.ts";
export { stopLinkPolicy, suppressRevoked, withStopLink } from "./stop-mail.ts";
export { registerStopLinkRoutes } from "./stop-routes.ts";
export { signStopToken, verifyStopToken } from "./stop-token.ts";
