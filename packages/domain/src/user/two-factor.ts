import * as z from "zod";
import { firstError } from "../schema-helpers.ts";
import { PASSWORD_LIMITS, UserSchema } from "./schema.ts";

/**
 * Two-factor sign-in (TOTP, RFC 6238) for staff: the request and answer shapes both sides
 * use, and the exact messages (docs/decisions/0023-two-factor-sign-in.md).
 */
export const TWO_FACTOR = {
  /** How many one-time recovery codes an enrolment (or a regeneration) hands out. */
  recoveryCodeCount: 10,
  /** Wrong codes one sign-in challenge takes before it is spent. */
  challengeAttempts: 5,
  challengeMinutes: 5,
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeInvalid: "Enter the 6-digit code from your authenticator app, or a recovery code",
  challengeMissing: "Your sign-in has expired. Please sign in again.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongRecoveryCode: "That recovery code is not right, or it has been used already.",
  replayedCode: "That code has already been used. Wait for the next code in your app.",
  tooManyCodes: "Too many wrong codes. Please sign in again.",
  tooManySettingsCodes: "Too many wrong codes. Please wait 15 minutes and try again.",
  alreadyEnrolled:
    "Two-factor sign-in is already on for this account. Turn it off first to set up a new device.",
  notStarted: "Start the set-up again: no authenticator is waiting to be confirmed.",
  notEnrolled: "Two-factor sign-in is not on for this account.",
  requiredCannotDisable:
    "Two-factor sign-in is required for all staff, so it cannot be turned off. To move it to a new device, ask an administrator to reset it.",
  wrongPassword: "Your current password is not correct",
  passwordRequired: "Current password is required",
  requirementInvalid: "requireTwoFactor must be true or false",
  enrolBeforeRequiring:
    "Set up two-factor sign-in for your own account first (Two-factor sign-in, on this page). Requiring it signs out everyone who has not set it up, and you would be one of them.",
  requiredSignInAgain:
    "Two-factor sign-in is now required for all staff. Please sign in again to set it up.",
} as const;

const M = TWO_FACTOR_MESSAGES;

/**
 * A 6-digit authenticator code or a recovery code (letters and digits, with or without
 * the hyphen); spaces are ignored. Which of the two it is, the server decides.
 */
export const TwoFactorCodeSchema = z
  .string({ error: M.codeRequired })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, firstError(M.codeRequired))
      .max(32, firstError(M.codeInvalid))
      .regex(/^[0-9A-Za-z-]+$/, firstError(M.codeInvalid)),
  );

/** Only an authenticator code: confirming an enrolment, regenerating recovery codes. */
export const AuthenticatorCodeSchema = z
  .string({ error: M.codeRequired })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, firstError(M.codeRequired)));

/** The opaque, single-use token of a sign-in's second step. */
export const ChallengeSchema = z
  .string({ error: M.challengeMissing })
  .min(20, firstError(M.challengeMissing))
  .max(200, firstError(M.challengeMissing));

export const SecondFactorSignInSchema = z.object({
  challenge: ChallengeSchema,
  code: TwoFactorCodeSchema,
});
export const EnrolmentChallengeSchema = z.object({ challenge: ChallengeSchema });
export const EnrolmentConfirmSchema = z.object({
  challenge: ChallengeSchema,
  code: AuthenticatorCodeSchema,
});
export const AuthenticatorCodeBodySchema = z.object({ code: AuthenticatorCodeSchema });
export const DisableTwoFactorSchema = z.object({
  password: z
    .string({ error: M.passwordRequired })
    .min(1, firstError(M.passwordRequired))
    .max(PASSWORD_LIMITS.maxLength),
  code: TwoFactorCodeSchema,
});
export const TwoFactorRequirementSchema = z.strictObject(
  { requireTwoFactor: z.boolean({ error: M.requirementInvalid }) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? M.requirementInvalid : undefined) },
);

/** The contract's login answer: the token, the user, and the same user fields at the top level. */
export const SessionAnswerSchema = UserSchema.extend({ token: z.string(), user: UserSchema });
export type SessionAnswer = z.output<typeof SessionAnswerSchema>;

/** What step 1 answers an enrolled account instead: no token, no cookie. */
export const SecondFactorRequiredSchema = z.object({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
});
/** What step 1 answers an unenrolled account while two-factor sign-in is required for staff. */
export const EnrolmentRequiredSchema = z.object({
  enrolmentRequired: z.literal(true),
  challenge: z.string(),
});
export const LoginAnswerSchema = z.union([
  SessionAnswerSchema,
  SecondFactorRequiredSchema,
  EnrolmentRequiredSchema,
]);
export type LoginAnswer = z.output<typeof LoginAnswerSchema>;

/** A new authenticator to add: scan the QR code, or type the manual key. */
export const TwoFactorSetupSchema = z.object({
  /** Base32, as the otpauth URI carries it. */
  secret: z.string(),
  /** The same key in groups of four, for typing. */
  manualKey: z.string(),
  otpauthUri: z.string(),
  /** SVG markup of the QR code of otpauthUri (show it as an image, never as markup). */
  qrCodeSvg: z.string(),
});
export type TwoFactorSetup = z.output<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.output<typeof RecoveryCodesSchema>;

/** Step 2 of an enrolment at sign-in: the session, and the recovery codes shown once. */
export const EnrolledSessionAnswerSchema = SessionAnswerSchema.extend(RecoveryCodesSchema.shape);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enrolledAt: z.iso.datetime().nullable(),
  recoveryCodesRemaining: z.number().int(),
  /** Whether the agency requires two-factor sign-in of all staff. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.output<typeof TwoFactorStatusSchema>;

export const SecuritySettingsSchema = z.object({
  requireTwoFactor: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SecuritySettings = z.output<typeof SecuritySettingsSchema>;

/** The manual key of an authenticator in groups of four characters, for reading aloud or typing. */
export function groupManualKey(base32: string): string {
  return (base32.replace(/=+$/, "").match(/.{1,4}/g) ?? []).join(" ");
}
