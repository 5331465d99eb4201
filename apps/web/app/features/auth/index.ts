/**
 * What other features may use of the auth feature (scripts/check-boundaries.mjs): the
 * dashboard's Settings reuses the two-factor enrolment pieces of the sign-in flow. The
 * session itself (AuthProvider, useAuth, useLogout) is shared infrastructure in lib/.
 */
export { AuthenticatorSetup } from "./two-factor/authenticator-setup";
export { RecoveryCodesPanel } from "./two-factor/recovery-codes";
