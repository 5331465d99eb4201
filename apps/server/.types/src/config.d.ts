export declare const REPO_ROOT: string;
declare const LOG_LEVELS: readonly ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
export type Config = {
    port: number;
    host: string;
    databaseUrl: string;
    dataDir: string;
    adminEmail: string | undefined;
    adminPassword: string | undefined;
    jwtSecret: string;
    smtpUrl: string | undefined;
    agencyNotifyEmail: string | undefined;
    logLevel: (typeof LOG_LEVELS)[number];
    trustProxy: boolean | string;
    rateLimitScale: number;
    /** Leads older than this are purged by the daily retention job. */
    retentionMonths: number;
    /** The site's public address, for links in emails (password reset, invitations). */
    publicUrl: string;
    webBuildDir: string;
};
export declare class ConfigError extends Error {
    readonly problems: string[];
    constructor(problems: string[]);
}
/**
 * Parses the environment once at start. Every bad variable is reported on its own line
 * (`NAME: what is wrong`) so an operator can fix them all in one go.
 */
export declare function loadConfig(env?: NodeJS.ProcessEnv): Config;
export {};
