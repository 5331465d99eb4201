/**
 * For a test file that runs with the second agency profile (test-fixtures/other-agency):
 * importing this module points AGENCY_DIR at it, and puts the previous value back after the
 * file's tests. AGENCY is derived when the domain is first imported, so this must run before
 * any import that reaches it; a test file loads it above its imports with
 *
 *   await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));
 *
 * Vitest isolates each test file (a fresh module graph), so every file that imports this gets
 * the switch, and AGENCY of its own.
 */
import { afterAll } from "vitest";

/** The second profile, as AGENCY_DIR takes it (a relative path is read from the repository). */
export const OTHER_AGENCY_DIR = "test-fixtures/other-agency";

const previousAgencyDir = process.env.AGENCY_DIR;
process.env.AGENCY_DIR = OTHER_AGENCY_DIR;
afterAll(() => {
  if (previousAgencyDir === undefined) delete process.env.AGENCY_DIR;
  else process.env.AGENCY_DIR = previousAgencyDir;
});
