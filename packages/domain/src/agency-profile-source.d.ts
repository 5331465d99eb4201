// What `#agency-profile` holds wherever it resolves (package.json "imports"): the checked
// profile. Type-checkers see this file, so the pure domain needs no Node types; Node runs
// agency-profile-node.ts and the web build a virtual module (docs/decisions/0054).
import type { AgencyProfile } from "./agency-profile.ts";

declare const profile: AgencyProfile;
export default profile;
