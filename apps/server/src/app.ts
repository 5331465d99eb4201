import { randomUUID } from "node:crypto";
import path from "node:path";
import { AGENCY } from "@agency/domain";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAppointmentRoutes } from "./appointment/routes.ts";
import { registerSchedulingRoutes } from "./appointment/scheduling-routes.ts";
import { registerAuthGuard } from "./auth/guard.ts";
import { dummyPasswordHash } from "./auth/password.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerTwoFactorRoutes } from "./auth/two-factor-routes.ts";
import type { Config } from "./config.ts";
import { registerConsentRoutes, registerStopLinkRoutes, stopLinkPolicy } from "./consent/index.ts";
import { registerContactRoutes } from "./contact/routes.ts";
import { registerDashboardRoutes } from "./dashboard/routes.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { registerHealthRoutes } from "./health/routes.ts";
import { registerHouseholdRoutes } from "./household/index.ts";
import { registerImportRoutes } from "./import/index.ts";
import { registerStaffRoutes } from "./lead/work/routes.ts";
import { registerLeadEntryRoutes } from "./lead-entry/routes.ts";
import { type BackgroundTasks, createBackgroundTasks } from "./lib/background.ts";
import { fastifyTrustProxy } from "./lib/trust-proxy.ts";
import { zodSerializerCompiler, zodValidatorCompiler } from "./lib/zod-provider.ts";
import { loggerOptions } from "./logger.ts";
import { createMailSender, type MailSender } from "./mail/sender.ts";
import { registerOpenApiRoutes } from "./openapi/routes.ts";
import {
  registerPeopleRoutes,
  registerPersonEmailRoutes,
  registerPersonPrivacyRoutes,
} from "./person/index.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerRateLimit } from "./plugins/rate-limit.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import {
  createRenewalScheduler,
  type RenewalScheduler,
  registerPolicyRoutes,
  registerRenewalRoutes,
} from "./policy/index.ts";
import { registerPrivacyRequestRoutes } from "./privacy-request/index.ts";
import { registerQuoteRoutes } from "./quote/routes.ts";
import { createReminderScheduler, type ReminderScheduler } from "./reminders/scheduler.ts";
import { registerReportRoutes } from "./report/index.ts";
import { registerServiceRoutes } from "./service/index.ts";
import { registerSettingsRoutes } from "./settings/routes.ts";
import { registerStaticSite } from "./site/static-site.ts";
import { registerEmailTemplateRoutes } from "./staff-email/index.ts";
import {
  createTaskListScheduler,
  registerTaskRoutes,
  type TaskListScheduler,
} from "./task/index.ts";
import { registerUserRoutes } from "./user/routes.ts";

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Serve the web build (off for API-only tests that run without a build). */
  serveSite?: boolean;
  /** Where log lines go; defaults to stdout. Tests pass a stream to inspect them. */
  logStream?: NodeJS.WritableStream;
  /** Deliver the mail outbox on a timer (the server does; tests drive it by hand). */
  startMailSender?: boolean;
  /** Queue reminders and the agency's day lists on a timer (the server does; tests call `runOnce`). */
  startReminders?: boolean;
  /** What "now" is for date rules (tests pin it; the server uses the real time). */
  clock?: () => Date;
  /** Hold background tasks until `app.background.idle()` (tests that check nothing ran yet). */
  holdBackgroundTasks?: boolean;
  /** Told of every route as it is registered (the OpenAPI drift test walks them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
};

declare module "fastify" {
  interface FastifyInstance {
    mailer: MailSender;
    reminders: ReminderScheduler;
    taskLists: TaskListScheduler;
    renewals: RenewalScheduler;
    background: BackgroundTasks;
    config: Config;
    clock: () => Date;
  }
}

export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The server as a tree of plugins: infrastructure first (errors, headers, validation),
 * then the API features, then the site, whose not-found handler catches everything else.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Never `true`: that would take the left-most X-Forwarded-For entry, which the client
    // writes itself (lib/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    // Ids from clients would let anyone forge log correlation; we always make our own.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  });
  const { onRoute } = options;
  if (onRoute) app.addHook("onRoute", (route) => onRoute(route));

  // JSON bodies keep Fastify's prototype-poisoning guard; an empty body with a JSON
  // content type (a DELETE from some clients) is simply no body, not a parse error.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === ""))
      return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);

  const mailer = createMailSender({
    db: database.db,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    from: `"${AGENCY.name}" <${AGENCY.email}>`,
    log: app.log,
    stopLinks: stopLinkPolicy({ secret: config.jwtSecret, publicUrl: config.publicUrl }),
  });
  app.decorate("mailer", mailer);
  const background = createBackgroundTasks(app.log, { hold: options.holdBackgroundTasks ?? false });
  app.decorate("background", background);
  // Before the mailer stops and the database closes: queued work finishes first.
  app.addHook("onClose", async () => background.idle());
  app.decorate("config", config);
  const clock = options.clock ?? (() => new Date());
  app.decorate("clock", clock);
  if (options.startMailSender) app.addHook("onReady", async () => mailer.start());
  app.addHook("onClose", async () => mailer.stop());
  const reminders = createReminderScheduler({
    db: database.db,
    notifyEmail: config.agencyNotifyEmail,
    now: clock,
    log: app.log,
    onQueued: () => mailer.deliverSoon(),
  });
  app.decorate("reminders", reminders);
  if (options.startReminders) app.addHook("onReady", async () => reminders.start());
  app.addHook("onClose", async () => reminders.stop());
  const taskLists = createTaskListScheduler({
    db: database.db,
    siteUrl: config.publicUrl,
    now: clock,
    log: app.log,
    onQueued: () => mailer.deliverSoon(),
  });
  app.decorate("taskLists", taskLists);
  // Started with the reminders: both are the server's timed mail.
  if (options.startReminders) app.addHook("onReady", async () => taskLists.start());
  app.addHook("onClose", async () => taskLists.stop());
  // Renewal tasks and expired terms (decision 0073): started with the other timed passes.
  const renewals = createRenewalScheduler({ db: database.db, now: clock, log: app.log });
  app.decorate("renewals", renewals);
  if (options.startReminders) app.addHook("onReady", async () => renewals.start());
  app.addHook("onClose", async () => renewals.stop());

  await registerRateLimit(app, database);
  await app.register(fastifyCookie);
  registerAuthGuard(app, database);

  // The first sign-in for an unknown email would otherwise also pay for making the dummy
  // hash, and answer measurably slower than a wrong password.
  app.addHook("onReady", async () => {
    await dummyPasswordHash();
  });

  registerHealthRoutes(app, database);
  registerOpenApiRoutes(app);
  registerQuoteRoutes(app, database);
  registerContactRoutes(app, database);
  registerServiceRoutes(app, database);
  registerPrivacyRequestRoutes(app, database);
  registerAppointmentRoutes(app, database);
  registerLeadEntryRoutes(app, database);
  registerAuthRoutes(app, database);
  registerTwoFactorRoutes(app, database);
  registerUserRoutes(app, database);
  registerSettingsRoutes(app, database);
  registerSchedulingRoutes(app, database);
  registerDashboardRoutes(app, database);
  registerPeopleRoutes(app, database);
  registerConsentRoutes(app, database);
  registerPolicyRoutes(app, database);
  registerImportRoutes(app, database);
  registerRenewalRoutes(app, database);
  registerReportRoutes(app, database);
  registerHouseholdRoutes(app, database);
  registerPersonEmailRoutes(app, database.db);
  registerPersonPrivacyRoutes(app, database);
  registerStaffRoutes(app, database.db);
  registerEmailTemplateRoutes(app, database.db);
  registerTaskRoutes(app, database.db, { siteUrl: config.publicUrl });
  registerStopLinkRoutes(app, database);

  if (options.serveSite !== false) {
    await registerStaticSite(app, { buildDir: config.webBuildDir });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ success: false, message: "Not found", error: "Not found" }),
    );
  }
  return app;
}
