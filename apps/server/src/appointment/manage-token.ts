import { createHash, randomBytes } from "node:crypto";

/**
 * A booking's manage link (decision 0035): 32 random bytes, base64url (43 characters). Only
 * its sha256 is stored, so the database alone gives no working link.
 */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
