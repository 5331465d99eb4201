#!/usr/bin/env node
/**
 * Lints the API's OpenAPI document with Redocly CLI (pinned in package.json; rules in
 * redocly.yaml). The document is built by the same call the server answers
 * `GET /api/openapi.json` with (`buildOpenApiDocument`, from the domain's route definitions),
 * so no server is started: it is written to a temporary file, linted, and removed. Exits
 * non-zero on any error; warnings are counted, and listed only when something fails.
 *
 * Usage: node scripts/lint-openapi.mjs   (npm run lint:openapi)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@agency/domain";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "node_modules", "@redocly", "cli", "bin", "cli.js");
// No usage data and no update check from a lint run (CI may have no network at all).
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SDK_TELEMETRY: "off",
  DO_NOT_TRACK: "1",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
};

const dir = mkdtempSync(join(tmpdir(), "agency-openapi-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  const lint = (format) =>
    spawnSync(
      process.execPath,
      [cli, "lint", file, "--config", join(root, "redocly.yaml"), `--format=${format}`],
      { cwd: root, env, stdio: "inherit" },
    ).status;
  const status = lint("summary");
  // The summary names each rule; on failure, every problem with its place and message.
  if (status !== 0) lint("stylish");
  process.exitCode = status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
