import type { FastifyInstance } from "fastify";
/** sha256 sources for every inline script of a prerendered page, so no 'unsafe-inline' is needed. */
export declare function inlineScriptHashes(html: string): string[];
export declare function pageContentSecurityPolicy(scriptHashes: string[]): string;
/**
 * Security headers on every response. A page sets its own CSP (with its script hashes)
 * before sending; everything else gets the locked-down default.
 */
export declare function registerSecurityHeaders(app: FastifyInstance): void;
