import {
  mailAudienceOf,
  STOP_LINK_MESSAGES,
  STOP_LINK_TEXT,
  SUPPRESSED_STATUS,
  stopApiPath,
  stopFooterText,
  stopPagePath,
} from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema.ts";
import { addressRevokedSince } from "./stop-link.ts";
import { signStopToken } from "./stop-token.ts";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** What the sender needs to put a stop link in a message: the signing secret, the site. */
export type StopLinkOptions = { secret: string; publicUrl: string };

export type StoppableMail = {
  text: string;
  html: string | null;
  headers: Record<string, string>;
};

/**
 * A message as it leaves (decision 0081): to a person (a visitor, client or lead), with the
 * footer line and its stop link, text and HTML; when it is not transactional, also RFC 8058's
 * List-Unsubscribe and List-Unsubscribe-Post headers. Staff mail leaves as it is. Done at
 * sending, the one place every message passes, so the token's issue time is when the person
 * got it.
 */
export function withStopLink(
  row: Pick<MailOutboxTable, "kind" | "to_address" | "text_body" | "html_body" | "answers_request">,
  options: StopLinkOptions,
  now: Date,
): StoppableMail {
  const unchanged = { text: row.text_body, html: row.html_body, headers: {} };
  const audience = mailAudienceOf(row.kind, row.answers_request === 1);
  if (audience === "staff") return unchanged;
  const token = signStopToken(row.to_address, options.secret, now);
  if (token === "") return unchanged;
  const pageUrl = `${options.publicUrl}${stopPagePath(token)}`;
  const footer = `<p style="margin-top:24px;font-size:13px;color:#555">${escapeHtml(STOP_LINK_TEXT.footerLead)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(STOP_LINK_TEXT.footerLink)}</a></p>`;
  const html =
    row.html_body === null
      ? null
      : row.html_body.includes("</body>")
        ? row.html_body.replace(/<\/body>(?![\s\S]*<\/body>)/, `${footer}</body>`)
        : `${row.html_body}${footer}`;
  return {
    text: `${row.text_body.replace(/\s+$/, "")}\n\n--\n${stopFooterText(pageUrl)}\n`,
    html,
    headers:
      audience === "optional"
        ? {
            "List-Unsubscribe": `<${options.publicUrl}${stopApiPath(token)}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {},
  };
}

/**
 * The optional messages among `rows` whose address's owner has asked not to be contacted:
 * marked "suppressed" (with the reason staff see) and returned, so the sender skips them.
 */
export async function suppressRevoked(
  db: Kysely<Database>,
  rows: readonly MailOutboxTable[],
): Promise<Set<string>> {
  const held = new Set<string>();
  const byAddress = new Map<string, string | null>();
  for (const row of rows) {
    if (mailAudienceOf(row.kind, row.answers_request === 1) !== "optional") continue;
    if (!byAddress.has(row.to_address)) {
      byAddress.set(row.to_address, await addressRevokedSince(db, row.to_address));
    }
    if (byAddress.get(row.to_address) !== null) held.add(row.id);
  }
  if (held.size === 0) return held;
  await db
    .updateTable("mail_outbox")
    .set({ status: SUPPRESSED_STATUS, last_error: STOP_LINK_MESSAGES.suppressedError })
    .where("id", "in", [...held])
    .where("status", "=", "pending")
    .execute();
  return held;
}

/** The sender's policy for messages to people (mail/sender.ts takes it from the app). */
export function stopLinkPolicy(options: StopLinkOptions) {
  return {
    decorate: (row: MailOutboxTable, now: Date) => withStopLink(row, options, now),
    hold: suppressRevoked,
  };
}
