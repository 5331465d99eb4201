/**
 * The agency's public profile, the one place its contact details live: `AGENCY` is derived
 * from the profile folder's `agency.json` (`agency/` at the repository root, or `$AGENCY_DIR`;
 * docs/decisions/0054-agency-profile.md). The repository ships a SAMPLE agency there: every
 * concrete detail (name, 555 numbers, street, URLs) is invented.
 *
 * `#agency-profile` is the checked profile: in Node it is read from the folder
 * (agency-profile-node.ts, mapped in package.json), in the web build a Vite plugin
 * (apps/web/vite.config.ts) puts in the profile it checked.
 */
import profile from "#agency-profile";
import { deriveAgency } from "./derive-agency.ts";

export type { Agency, OpeningHours, PhoneForms, Weekday } from "./derive-agency.ts";

export const AGENCY = deriveAgency(profile);
