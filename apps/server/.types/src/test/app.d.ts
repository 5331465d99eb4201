import type { FastifyInstance } from "fastify";
import { type Config } from "../config.ts";
import type { TestDatabase } from "./databases.ts";
export declare function testConfig(overrides?: Partial<Config>): Config;
export type TestApp = {
    app: FastifyInstance;
    logs: () => string;
};
/** An app over a test database that records its log lines for later inspection. */
export declare function createTestApp(database: TestDatabase, options?: {
    config?: Partial<Config>;
    serveSite?: boolean;
    clock?: () => Date;
}): Promise<TestApp>;
