import type { LoggerOptions } from "pino";
/**
 * Log lines carry what an operator needs (request id, method, path, status, timing) and
 * nothing personal: no query strings (searches hold names and emails), no bodies, no
 * headers (cookies and bearer tokens), no client addresses, and errors reduced to their
 * type, code, message and stack (database errors can carry row values in `detail`).
 */
export declare function loggerOptions(level: string): LoggerOptions;
