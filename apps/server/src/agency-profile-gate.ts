/**
 * Import this first in every entry point (the server's start and each CLI tool): it checks
 * the agency profile before any other module is evaluated. Every module that reads AGENCY
 * derives it from the profile folder when it is first imported, so a bad profile would
 * otherwise end the process with a stack trace; this stops it with one line per problem,
 * naming the field, as the environment's do (decision 0054), and exit code 1.
 *
 * ES modules are evaluated in the order they are imported: as the first import (a bare
 * `import "../agency-profile-gate.ts";`), this runs before the imports below it.
 */
import { agencyDir, checkAgencyProfile } from "@agency/domain/agency-profile-files";

const problems = checkAgencyProfile(agencyDir());
if (problems.length > 0) {
  for (const problem of problems) console.error(`Agency profile error: ${problem}`);
  process.exit(1);
}
