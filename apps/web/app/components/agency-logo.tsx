import { AGENCY } from "@agency/domain";
import { cn } from "../lib/cn";
import { ProfileImage } from "./profile-image";

/**
 * The agency's logo from its profile (agency/agency.json `logo`), as the build processed it.
 * Set its height (`h-10`): the width follows the logo's shape. Decorative beside the agency's
 * name, so no text of its own. `eager` where it is above the fold (the header).
 */
export function AgencyLogo({ className, eager }: { className?: string; eager?: boolean }) {
  return (
    <ProfileImage
      file={AGENCY.logo}
      use="logo"
      alt=""
      className={cn("w-auto shrink-0", className)}
      eager={eager}
    />
  );
}
