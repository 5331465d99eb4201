import * as z from "zod";
import { hasUnsafeCharacters } from "../sanitize.ts";
import { emailAddress, firstError, optionalText } from "../schema-helpers.ts";
import { ROLES } from "./roles.ts";

export const PASSWORD_LIMITS = { minLength: 12, maxLength: 128 } as const;

export const USER_FIELD_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 12 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordUnsafe: "Password must not contain control or direction-changing characters",
  roleInvalid: "Role must be one of User, Admin, Manager, Support, Agent",
  rolesInvalid: "Roles must be a list",
  rolesDuplicate: "Each role can be given only once",
  flagInvalid: "Must be true or false",
  nameTooLong: "Names must be at most 50 characters",
  nameInvalid: "Names must be text",
  updateEmpty: "Nothing to update",
  updateUnknownField: "Only isAdmin, supperAdmin, isVerified and role can be updated",
} as const;

const M = USER_FIELD_MESSAGES;

const RoleSchema = z.enum(ROLES, { error: M.roleInvalid });

const RoleListSchema = z
  .array(RoleSchema, { error: M.rolesInvalid })
  .refine((roles) => new Set(roles).size === roles.length, { error: M.rolesDuplicate });

/** Sign-in, forgot password and invitations: one mailbox, compared in lower case. */
const email = emailAddress(
  { required: M.emailRequired, invalid: M.emailInvalid, tooLong: M.emailTooLong },
  undefined,
  { lowercase: true },
);

/** A user as the API returns it (never with a password hash). */
export const UserSchema = z.object({
  _id: z.string().min(1),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.array(RoleSchema),
  isAdmin: z.boolean(),
  /** Spelt so in the spec and the API. */
  supperAdmin: z.boolean(),
  isVerified: z.boolean(),
  /** ISO 8601 in UTC. */
  createdAt: z.iso.datetime(),
  /**
   * Beyond the spec, in the Users view only, while an invited person has not chosen a
   * password yet: when their invitation link expires, or null once it was revoked or ran out.
   */
  invitation: z.object({ expiresAt: z.iso.datetime().nullable() }).optional(),
});
export type User = z.output<typeof UserSchema>;

/**
 * Passwords are never trimmed or stripped: every character counts. The upper bound
 * also caps the work a hash function does for one login attempt.
 */
export const PasswordSchema = z
  .string({ error: M.passwordTooShort })
  .min(PASSWORD_LIMITS.minLength, firstError(M.passwordTooShort))
  .max(PASSWORD_LIMITS.maxLength, firstError(M.passwordTooLong))
  .refine((password) => !hasUnsafeCharacters(password), firstError(M.passwordUnsafe));

/** Login checks presence only, so it reveals nothing about the password policy. */
export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: M.passwordRequired })
    .min(1, firstError(M.passwordRequired))
    .max(PASSWORD_LIMITS.maxLength, firstError(M.passwordTooLong)),
  rememberMe: z.boolean({ error: M.flagInvalid }).default(false),
});
export type Login = z.output<typeof LoginSchema>;
export type LoginInput = z.input<typeof LoginSchema>;

/** PUT /api/users/list/update/:id: any of the flags and the full role list, nothing else. */
export const UserUpdateSchema = z
  .strictObject(
    {
      isAdmin: z.boolean({ error: M.flagInvalid }).optional(),
      supperAdmin: z.boolean({ error: M.flagInvalid }).optional(),
      isVerified: z.boolean({ error: M.flagInvalid }).optional(),
      role: RoleListSchema.optional(),
    },
    {
      error: (issue) => (issue.code === "unrecognized_keys" ? M.updateUnknownField : undefined),
    },
  )
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: M.updateEmpty,
    when: (payload) => payload.issues.length === 0,
  });
export type UserUpdate = z.output<typeof UserUpdateSchema>;

/** POST /api/users/invite: names are cleaned like every other text field. */
export const InviteSchema = z.object({
  email,
  firstName: optionalText(50, M.nameTooLong, M.nameInvalid).default(""),
  lastName: optionalText(50, M.nameTooLong, M.nameInvalid).default(""),
  isAdmin: z.boolean({ error: M.flagInvalid }).default(false),
});
export type Invite = z.output<typeof InviteSchema>;
