#!/usr/bin/env node
/**
 * Writes agency/agency.schema.json, the JSON Schema of agency.json, from the domain's zod
 * schema (packages/domain/src/agency-profile.ts; decision 0054). `--check` only says whether
 * the committed file is current (a unit test does the same).
 * Usage: npm run agency:schema [-- --check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { agencyProfileJsonSchema } from "../packages/domain/src/agency-profile.ts";

const file = join(dirname(fileURLToPath(import.meta.url)), "../agency/agency.schema.json");
const text = `${JSON.stringify(agencyProfileJsonSchema(), null, 2)}\n`;

if (process.argv.includes("--check")) {
  // Compared as data: the file's layout is not the point.
  const current = JSON.stringify(JSON.parse(readFileSync(file, "utf8")));
  if (current !== JSON.stringify(agencyProfileJsonSchema())) {
    console.error("agency/agency.schema.json is out of date: run npm run agency:schema");
    process.exit(1);
  }
  console.log("agency/agency.schema.json is current");
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
