import type { FastifyInstance } from "fastify";
export type SiteOptions = {
    buildDir: string;
};
/**
 * Serves the web build: each prerendered page from memory with its own CSP (hashes of its
 * inline scripts) and pre-compressed variants, hashed assets with immutable caching, the
 * SPA fallback for the dashboard, and a real 404 page for unknown paths.
 */
export declare function registerStaticSite(app: FastifyInstance, options: SiteOptions): Promise<void>;
