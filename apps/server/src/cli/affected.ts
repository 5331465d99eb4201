import {
  AFFECTED_USAGE,
  AffectedUsageError,
  findAffected,
  formatAffected,
  parseAffectedArgs,
} from "../audit/affected.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";

/**
 * `npm run affected -- --since <ISO time> ...`: the people whose records were read,
 * exported or revealed in a window, from the audit log (docs/operations.md, decision 0084).
 * It only reads: it never migrates or writes, so it may run on the live database or a copy.
 */
async function main(): Promise<void> {
  const options = parseAffectedArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    process.stdout.write(formatAffected(await findAffected(database.db, options), options.format));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else if (error instanceof AffectedUsageError)
    console.error(`${error.message}\n${AFFECTED_USAGE}`);
  else console.error("affected failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
