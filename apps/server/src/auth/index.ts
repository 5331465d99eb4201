/**
 * The auth feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */

export { rowCan, toUser } from "./account.ts";
export { findUserByEmail, findUserById, type UserRow, updateUser } from "./account-repository.ts";
export { principalOf } from "./guard.ts";
export { clearAccountLockout } from "./lockout.ts";
export { hashPassword, verifyPassword } from "./password.ts";
export { liveInvitationExpiries, revokePasswordTokens } from "./password-tokens-repository.ts";
export { createPasswordToken, INVITE_LINK_HOURS } from "./service.ts";
export { revokeUserSessions } from "./sessions.ts";
export { hashToken, newOpaqueToken } from "./tokens.ts";
export { setTwoFactorRequirement } from "./two-factor.ts";
export { readTwoFactorRequirement } from "./two-factor-repository.ts";
