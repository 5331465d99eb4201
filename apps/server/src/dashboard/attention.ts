import type { SettingsAttention } from "@agency/domain";
import type { Kysely } from "kysely";
import { readTwoFactorRequirement } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";
import { countActiveWithoutTwoFactor } from "./repository.ts";

/**
 * What the "System Settings" card shows an owner (issue 27 §4): the settings that need
 * attention, each said plainly with what to do. Federal holidays close booking by
 * themselves, so no closure is asked for them.
 */
export async function settingsAttention(
  db: Kysely<Database>,
  mail: { smtpConfigured: boolean },
): Promise<SettingsAttention[]> {
  const items: SettingsAttention[] = [];
  if (!mail.smtpConfigured) {
    items.push({
      key: "mail",
      text: "Emails are not sent",
      detail:
        "No mail server (SMTP_URL) is set up, so every email is only written to the outbox folder.",
    });
  }
  const { requireTwoFactor } = await readTwoFactorRequirement(db);
  if (!requireTwoFactor) {
    const without = await countActiveWithoutTwoFactor(db);
    if (without > 0) {
      items.push({
        key: "two-factor",
        text: `${without} staff ${without === 1 ? "account signs" : "accounts sign"} in without two-factor`,
        detail: "Two-factor sign-in is not required: require it in Settings.",
      });
    }
  }
  return items;
}
