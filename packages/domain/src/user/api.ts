import * as z from "zod";
import { SuccessMessageSchema, SuccessSchema } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import {
  InviteSchema,
  LoginSchema,
  PasswordSchema,
  UserSchema,
  UserUpdateSchema,
} from "./schema.ts";
import {
  AuthenticatorCodeBodySchema,
  DisableTwoFactorSchema,
  EnrolledSessionAnswerSchema,
  EnrolmentChallengeSchema,
  EnrolmentConfirmSchema,
  LoginAnswerSchema,
  RecoveryCodesSchema,
  SecondFactorSignInSchema,
  SessionAnswerSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from "./two-factor.ts";

export const ForgotPasswordSchema = z.object({ email: LoginSchema.shape.email });

export const ResetPasswordSchema = z.object({
  token: z.string({ error: "The link is incomplete" }).min(20, "The link is incomplete").max(200),
  password: PasswordSchema,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(128),
  newPassword: PasswordSchema,
});

/** PUT /api/users/me/name: one's own name, by the same rules as an invitation's names. */
export const OwnNameSchema = z.strictObject(
  { firstName: InviteSchema.shape.firstName, lastName: InviteSchema.shape.lastName },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "Only firstName and lastName can be changed here"
        : undefined,
  },
);
export type OwnName = z.output<typeof OwnNameSchema>;

/** The refresh answer: the login answer without the user's fields at the top level. */
export const RefreshAnswerSchema = SessionAnswerSchema.pick({ token: true, user: true });

const SignedOutSchema = SuccessSchema.extend({ message: z.string().optional() });

/** Sign-in, sessions and passwords (`/api/users/…`, the refresh cookie's path). */
export const AuthRoutes = {
  login: defineRoute({
    method: "POST",
    path: "/api/users/login",
    summary: "Sign in: a session, or a challenge for the second factor or enrolment",
    access: "public",
    body: LoginSchema,
    responses: { 200: LoginAnswerSchema },
  }),
  secondFactor: defineRoute({
    method: "POST",
    path: "/api/users/login/second-factor",
    summary: "Sign in, step 2: an authenticator or recovery code",
    access: "public",
    body: SecondFactorSignInSchema,
    responses: { 200: SessionAnswerSchema },
  }),
  enrolment: defineRoute({
    method: "POST",
    path: "/api/users/login/enrolment",
    summary: "Enrolment required at sign-in: the authenticator to add",
    access: "public",
    body: EnrolmentChallengeSchema,
    responses: { 200: TwoFactorSetupSchema },
  }),
  confirmEnrolment: defineRoute({
    method: "POST",
    path: "/api/users/login/enrolment/confirm",
    summary: "Enrolment at sign-in, its first code: a session and the recovery codes",
    access: "public",
    body: EnrolmentConfirmSchema,
    responses: { 200: EnrolledSessionAnswerSchema },
  }),
  refresh: defineRoute({
    method: "POST",
    path: "/api/users/refresh",
    summary: "A new access token from the refresh cookie (rotates the cookie)",
    access: "public",
    responses: { 200: RefreshAnswerSchema },
  }),
  logout: defineRoute({
    method: "POST",
    path: "/api/users/logout",
    summary: "Sign out: the token and the refresh cookie stop working",
    access: "public",
    responses: { 200: SignedOutSchema },
  }),
  forgotPassword: defineRoute({
    method: "POST",
    path: "/api/users/forgot-password",
    summary: "Mail a password reset link (the same answer for every email)",
    access: "public",
    body: ForgotPasswordSchema,
    responses: { 200: SuccessMessageSchema },
  }),
  resetPassword: defineRoute({
    method: "POST",
    path: "/api/users/reset-password",
    summary: "Set a password from a reset or invitation link",
    access: "public",
    body: ResetPasswordSchema,
    responses: { 200: SuccessMessageSchema },
  }),
  changePassword: defineRoute({
    method: "POST",
    path: "/api/users/change-password",
    summary: "Change one's own password (other sessions are signed out)",
    access: "user",
    body: ChangePasswordSchema,
    responses: { 200: SuccessMessageSchema },
  }),
};

/** Two-factor sign-in from Settings, for the signed-in user themself (decision 0023). */
export const TwoFactorRoutes = {
  status: defineRoute({
    method: "GET",
    path: "/api/users/two-factor",
    summary: "Whether two-factor sign-in is on, and recovery codes left",
    access: "user",
    responses: { 200: TwoFactorStatusSchema },
  }),
  setup: defineRoute({
    method: "POST",
    path: "/api/users/two-factor/setup",
    summary: "Start enrolment: the authenticator to add",
    access: "user",
    responses: { 200: TwoFactorSetupSchema },
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/api/users/two-factor/confirm",
    summary: "Finish enrolment with a first code: the recovery codes",
    access: "user",
    body: AuthenticatorCodeBodySchema,
    responses: { 200: RecoveryCodesSchema },
  }),
  recoveryCodes: defineRoute({
    method: "POST",
    path: "/api/users/two-factor/recovery-codes",
    summary: "New recovery codes (the old ones stop working)",
    access: "user",
    body: AuthenticatorCodeBodySchema,
    responses: { 200: RecoveryCodesSchema },
  }),
  disable: defineRoute({
    method: "POST",
    path: "/api/users/two-factor/disable",
    summary: "Turn two-factor sign-in off",
    access: "user",
    body: DisableTwoFactorSchema,
    responses: { 200: SuccessMessageSchema },
  }),
};

/** Staff accounts (the dashboard's Users view). */
export const UserRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/users/list",
    summary: "All users, with their pending invitation",
    access: "users.manage",
    responses: { 200: z.array(UserSchema) },
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/users/list/:id",
    summary: "One user (oneself, or anyone with users.manage)",
    access: "user",
    params: IdParamsSchema,
    responses: { 200: UserSchema },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/users/list/update/:id",
    summary: "Change a user's role and flags",
    access: "users.manage",
    params: IdParamsSchema,
    body: UserUpdateSchema,
    responses: { 200: UserSchema },
  }),
  renameSelf: defineRoute({
    method: "PUT",
    path: "/api/users/me/name",
    summary: "Change one's own first and last name (staff)",
    access: "leads.view",
    body: OwnNameSchema,
    responses: { 200: UserSchema },
  }),
  invite: defineRoute({
    method: "POST",
    path: "/api/users/invite",
    summary: "Invite a staff member by email",
    access: "users.manage",
    body: InviteSchema,
    responses: { 201: UserSchema },
  }),
  resendInvitation: defineRoute({
    method: "POST",
    path: "/api/users/list/:id/invitation/resend",
    summary: "Send an invitation again (a new link)",
    access: "users.manage",
    params: IdParamsSchema,
    responses: { 200: UserSchema },
  }),
  revokeInvitation: defineRoute({
    method: "DELETE",
    path: "/api/users/list/:id/invitation",
    summary: "Revoke a pending invitation",
    access: "users.manage",
    params: IdParamsSchema,
    responses: { 200: UserSchema },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/users/list/:id",
    summary: "Delete an invited user who never signed in",
    access: "users.manage",
    params: IdParamsSchema,
    responses: { 200: SuccessSchema },
  }),
};
