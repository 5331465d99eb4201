/**
 * The agency profile folder on disk (`$AGENCY_DIR`, default `agency/` at the repository root):
 * read `agency.json` synchronously and check it with its images, one line per problem naming
 * the field (docs/decisions/0054-agency-profile.md). Used by agency-profile-node.ts (what
 * `#agency-profile` is in Node), by the server's start and by the web build's Vite plugin.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AgencyProfile, findAgencyProfileProblems } from "./agency-profile.ts";

// What the web build's image processing needs of the profile, without the whole domain.
export { type AgencyProfile, type ImageKind, imageKindOf } from "./agency-profile.ts";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** `agency/` at the repository root, found from this file's own place. */
export const DEFAULT_AGENCY_DIR = path.join(REPO_ROOT, "agency");

export class AgencyProfileError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      `Invalid agency profile:\n${problems.map((problem) => `Agency profile error: ${problem}`).join("\n")}`,
    );
    this.name = "AgencyProfileError";
    this.problems = problems;
  }
}

/** The profile folder: AGENCY_DIR (a relative one read from the repository, as DATA_DIR) or `agency/`. */
export function agencyDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.AGENCY_DIR?.trim();
  return configured ? path.resolve(REPO_ROOT, configured) : DEFAULT_AGENCY_DIR;
}

/** The folder's profile, checked: the profile, or the problems (one line each). */
export function readAgencyProfile(dir: string): { profile?: AgencyProfile; problems: string[] } {
  const file = path.join(dir, "agency.json");
  if (!existsSync(file)) return { problems: [`agency.json: not found in ${dir}`] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problems: [`agency.json: is not valid JSON (${reason})`] };
  }
  return findAgencyProfileProblems(json, (fileName) => {
    const image = path.join(dir, fileName);
    return existsSync(image) && statSync(image).isFile() ? readFileSync(image) : undefined;
  });
}

/** Every problem of the profile in `dir`, one line each naming the field; empty when fine. */
export function checkAgencyProfile(dir: string): string[] {
  return readAgencyProfile(dir).problems;
}

/** The checked profile in `dir`; throws AgencyProfileError listing the problems. */
export function loadAgencyProfile(dir: string = agencyDir()): AgencyProfile {
  const { profile, problems } = readAgencyProfile(dir);
  if (!profile) throw new AgencyProfileError(problems);
  return profile;
}
