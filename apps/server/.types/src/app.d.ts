import { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { type MailSender } from "./mail/sender.ts";
export type AppOptions = {
    config: Config;
    database: DatabaseHandle;
    /** Serve the web build (off for API-only tests that run without a build). */
    serveSite?: boolean;
    /** Where log lines go; defaults to stdout. Tests pass a stream to inspect them. */
    logStream?: NodeJS.WritableStream;
    /** Deliver the mail outbox on a timer (the server does; tests drive it by hand). */
    startMailSender?: boolean;
    /** What "now" is for date rules (tests pin it; the server uses the real time). */
    clock?: () => Date;
};
declare module "fastify" {
    interface FastifyInstance {
        mailer: MailSender;
        config: Config;
        clock: () => Date;
    }
}
export declare const BODY_LIMIT_BYTES: number;
/**
 * The server as a tree of plugins: infrastructure first (errors, headers, validation),
 * then the API features, then the site, whose not-found handler catches everything else.
 */
export declare function buildApp(options: AppOptions): Promise<FastifyInstance>;
