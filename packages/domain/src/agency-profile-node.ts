/**
 * What `#agency-profile` is in Node (the server, the scripts, vitest; package.json "imports"):
 * the profile folder's agency.json, read once when first imported and checked; a bad profile
 * throws an AgencyProfileError listing every problem. The web build puts in the profile its
 * Vite plugin checked instead (apps/web/vite.config.ts; docs/decisions/0054).
 */
import type { AgencyProfile } from "./agency-profile.ts";
import { loadAgencyProfile } from "./agency-profile-files.ts";

const profile: AgencyProfile = loadAgencyProfile();
export default profile;
