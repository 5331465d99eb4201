import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { TestDatabase } from "./databases.ts";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      JWT_SECRET: "test-secret-that-is-long-enough-for-hmac-signing",
      LOG_LEVEL: "info",
      // Tests send many requests from one address: scale the limits, as the contract says.
      RATE_LIMIT_SCALE: "1000",
    }),
    // Mail written by tests (the .eml outbox) stays out of the repository's data folder.
    dataDir: mkdtempSync(path.join(tmpdir(), "agency-data-")),
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; logs: () => string };

/** An app over a test database that records its log lines for later inspection. */
export async function createTestApp(
  database: TestDatabase,
  options: {
    config?: Partial<Config>;
    serveSite?: boolean;
    clock?: () => Date;
    holdBackgroundTasks?: boolean;
    startReminders?: boolean;
  } = {},
): Promise<TestApp> {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const app = await buildApp({
    config: testConfig({ databaseUrl: database.url, ...options.config }),
    database: database.handle,
    serveSite: options.serveSite ?? false,
    logStream: stream,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.holdBackgroundTasks ? { holdBackgroundTasks: true } : {}),
    ...(options.startReminders ? { startReminders: true } : {}),
  });
  return { app, logs: () => chunks.join("") };
}
