import { AuthRoutes } from "@agency/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { HttpError } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit, signInStepLimit } from "../plugins/rate-limit.ts";
import { toUser } from "./account.ts";
import type { UserRow } from "./account-repository.ts";
import { principalOf } from "./guard.ts";
import { requireOwnSite } from "./origin.ts";
import {
  changeOwnPassword,
  completePasswordToken,
  FORGOT_PASSWORD_ANSWER,
  logout,
  refresh,
  requestPasswordReset,
  verifyPasswordSignIn,
} from "./service.ts";
import { findLiveSession, type SessionGrant } from "./sessions.ts";
import { signAccessToken, verifyAccessToken } from "./tokens.ts";
import {
  afterPassword,
  completeSecondFactor,
  confirmEnrolmentAtSignIn,
  startEnrolmentAtSignIn,
} from "./two-factor.ts";

export const REFRESH_COOKIE = "agency_refresh";
/** The cookie goes only to the session endpoints, never to pages or other API calls. */
const REFRESH_COOKIE_PATH = "/api/users";

/** What is left of a session after its latest use (its sign-in or its latest refresh). */
function secondsLeftOf(session: SessionGrant["session"]): number {
  const ms = Date.parse(session.expires_at) - Date.parse(session.last_used_at);
  return Math.max(0, Math.floor(ms / 1000));
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, grant: SessionGrant) {
  reply.setCookie(REFRESH_COOKIE, grant.refreshToken, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: REFRESH_COOKIE_PATH,
    // Without "remember me" it is a browser-session cookie: no Max-Age. With it, the cookie
    // lives as long as what is left of the session (7 days from sign-in, decision 0045).
    ...(grant.session.is_persistent === 1 ? { maxAge: secondsLeftOf(grant.session) } : {}),
  });
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: REFRESH_COOKIE_PATH,
  });
}

export function registerAuthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  /**
   * Every route that reads the refresh cookie (refresh, logout) checks that the request
   * comes from the site itself, first (decision 0046): the cookie is the credential there.
   */
  const cookieAuthenticated = { onRequest: requireOwnSite(app) };

  async function sessionResponse(user: UserRow, grant: SessionGrant) {
    const apiUser = toUser(user);
    const token = await signAccessToken(
      { userId: user.id, sessionId: grant.session.id },
      app.config.jwtSecret,
      app.clock(),
    );
    return { token, user: apiUser, ...apiUser };
  }

  /**
   * Step 1. An account without a second factor gets the contract's answer. An enrolled
   * account gets no token and no cookie, only a challenge for step 2; an unenrolled one
   * while two-factor sign-in is required gets a challenge to enrol with (decision 0023).
   */
  api.route({
    ...routeOf(AuthRoutes.login),
    // Limited per account and address, with a higher ceiling per address (decision 0020):
    // staff behind one office address do not use up each other's attempts.
    handler: async (request, reply) => {
      await app.limitSignIn(request.body.email, request.ip);
      const options = { rateLimitScale: app.config.rateLimitScale, now: app.clock() };
      const user = await verifyPasswordSignIn(db, { ...request.body, ip: request.ip }, options);
      const next = await afterPassword(
        db,
        user,
        { rememberMe: request.body.rememberMe, ip: request.ip },
        options.now,
      );
      reply.header("cache-control", "no-store");
      if (next.kind !== "session") {
        return next.kind === "second-factor"
          ? { secondFactorRequired: true as const, challenge: next.challenge }
          : { enrolmentRequired: true as const, challenge: next.challenge };
      }
      setRefreshCookie(request, reply, next.grant);
      return await sessionResponse(user, next.grant);
    },
  });

  /** Step 2: an authenticator code or a recovery code; the contract's login answer. */
  api.route({
    ...routeOf(AuthRoutes.secondFactor),
    config: { rateLimit: signInStepLimit(app) },
    handler: async (request, reply) => {
      const { user, grant } = await completeSecondFactor(
        db,
        { ...request.body, ip: request.ip },
        {
          jwtSecret: app.config.jwtSecret,
          rateLimitScale: app.config.rateLimitScale,
          now: app.clock(),
        },
      );
      setRefreshCookie(request, reply, grant);
      reply.header("cache-control", "no-store");
      return await sessionResponse(user, grant);
    },
  });

  /** Enrolment required at sign-in: the authenticator to add (QR code and manual key). */
  api.route({
    ...routeOf(AuthRoutes.enrolment),
    config: { rateLimit: signInStepLimit(app) },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return startEnrolmentAtSignIn(db, request.body.challenge, {
        jwtSecret: app.config.jwtSecret,
        ip: request.ip,
        now: app.clock(),
      });
    },
  });

  /** Its first code: the login answer plus the recovery codes, shown this once. */
  api.route({
    ...routeOf(AuthRoutes.confirmEnrolment),
    config: { rateLimit: signInStepLimit(app) },
    handler: async (request, reply) => {
      const { user, grant, recoveryCodes } = await confirmEnrolmentAtSignIn(
        db,
        { ...request.body, ip: request.ip },
        { jwtSecret: app.config.jwtSecret, now: app.clock() },
      );
      setRefreshCookie(request, reply, grant);
      reply.header("cache-control", "no-store");
      return { ...(await sessionResponse(user, grant)), recoveryCodes };
    },
  });

  api.route({
    ...routeOf(AuthRoutes.refresh),
    ...cookieAuthenticated,
    config: { rateLimit: perAddressLimit(app, 120, 15 * 60 * 1000) },
    handler: async (request, reply) => {
      try {
        const { user, grant } = await refresh(db, request.cookies[REFRESH_COOKIE], {
          ip: request.ip,
          now: app.clock(),
        });
        setRefreshCookie(request, reply, grant);
        reply.header("cache-control", "no-store");
        const { token, user: apiUser } = await sessionResponse(user, grant);
        return { token, user: apiUser };
      } catch (error) {
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  });

  api.route({
    ...routeOf(AuthRoutes.logout),
    ...cookieAuthenticated,
    handler: async (request, reply) => {
      // Either credential identifies the session: an expired access token must not keep
      // someone from signing out, and neither must a lost page that only has the cookie.
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const claims = bearer
        ? await verifyAccessToken(bearer, app.config.jwtSecret, app.clock())
        : undefined;
      const cookie = request.cookies[REFRESH_COOKIE];
      const session = claims
        ? await findLiveSession(db, { id: claims.sid }, app.clock())
        : cookie
          ? await findLiveSession(db, { refreshToken: cookie }, app.clock())
          : undefined;
      clearRefreshCookie(request, reply);
      if (!session) throw new HttpError(401, "You are not signed in");
      await logout(db, { sessionId: session.id, userId: session.user_id }, request.ip);
      return { success: true as const };
    },
  });

  api.route({
    ...routeOf(AuthRoutes.forgotPassword),
    config: { rateLimit: perAddressLimit(app, 5, 15 * 60 * 1000) },
    handler: async (request) => {
      const { email } = request.body;
      const options = { publicUrl: app.config.publicUrl, ip: request.ip, now: app.clock() };
      // After the answer, for every email alike: the time to answer cannot tell a caller
      // whether the address has an account (the lookup, the link, the mail).
      app.background.run("password reset request", async () => {
        if (await requestPasswordReset(database, email, options)) app.mailer.deliverSoon();
      });
      return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
    },
  });

  api.route({
    ...routeOf(AuthRoutes.resetPassword),
    config: { rateLimit: perAddressLimit(app, 10, 15 * 60 * 1000) },
    handler: async (request) => {
      await completePasswordToken(db, request.body.token, request.body.password, {
        ip: request.ip,
        now: app.clock(),
      });
      return { success: true as const, message: "Your password is set. You can sign in now." };
    },
  });

  api.route({
    ...routeOf(AuthRoutes.changePassword),
    config: { rateLimit: perAddressLimit(app, 10, 15 * 60 * 1000) },
    handler: async (request) => {
      const { user, sessionId } = principalOf(request);
      await changeOwnPassword(db, { userId: user.id, sessionId }, request.body, {
        ip: request.ip,
        now: app.clock(),
        rateLimitScale: app.config.rateLimitScale,
      });
      return {
        success: true as const,
        message: "Your password has been changed. Other sessions were signed out.",
      };
    },
  });
}
