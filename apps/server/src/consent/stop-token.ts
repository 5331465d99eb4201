import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { personEmailKey } from "@agency/domain";

/**
 * A "stop contacting me" token (decision 0081): `<payload>.<mac>`, both base64url. The
 * payload is a version byte, the issue time (milliseconds, 6 bytes) and the recipient's
 * email key (personEmailKey: the form `person_keys` holds after "e:"); the mac is
 * HMAC-SHA256 over the payload, cut to 16 bytes, under a key derived with HKDF from the
 * server's secret (as the two-factor key is), so no other signed link can stand in for it.
 * The address is readable in the link (it is the recipient's own, in their own mail); it
 * cannot be changed without the key.
 */
const VERSION = 1;
const TIME_BYTES = 6;
const MAC_BYTES = 16;
/** Addresses are at most 254 characters; a key of up to 4 bytes a character fits. */
const MAX_KEY_BYTES = 1024;

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "agency/stop-link", "stop-link-token v1", 32));
    keys.set(secret, key);
  }
  return key;
}

function macOf(payload: Buffer, secret: string): Buffer {
  return createHmac("sha256", keyFor(secret)).update(payload).digest().subarray(0, MAC_BYTES);
}

/** The token for mail to `address` issued at `now`; "" for an address with no key. */
export function signStopToken(address: string, secret: string, now: Date = new Date()): string {
  const emailKey = personEmailKey(address);
  if (emailKey === "") return "";
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUIntBE(now.getTime(), 0, TIME_BYTES);
  const payload = Buffer.concat([Buffer.from([VERSION]), time, Buffer.from(emailKey, "utf8")]);
  return `${payload.toString("base64url")}.${macOf(payload, secret).toString("base64url")}`;
}

export type StopClaim = { emailKey: string; issuedAt: Date };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a well-formed, correctly signed token says; undefined for anything else. */
export function verifyStopToken(token: string, secret: string): StopClaim | undefined {
  const [encoded, mac, ...rest] = token.split(".");
  if (!encoded || !mac || rest.length > 0) return undefined;
  if (!BASE64URL.test(encoded) || !BASE64URL.test(mac)) return undefined;
  const payload = Buffer.from(encoded, "base64url");
  const given = Buffer.from(mac, "base64url");
  // Re-encoding must give the same text: no second spelling of one token.
  if (payload.toString("base64url") !== encoded || given.toString("base64url") !== mac) {
    return undefined;
  }
  if (payload.length <= 1 + TIME_BYTES || payload.length > 1 + TIME_BYTES + MAX_KEY_BYTES) {
    return undefined;
  }
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, macOf(payload, secret))) {
    return undefined;
  }
  if (payload[0] !== VERSION) return undefined;
  const issuedAt = new Date(payload.readUIntBE(1, TIME_BYTES));
  const emailKey = payload.subarray(1 + TIME_BYTES).toString("utf8");
  if (emailKey === "" || personEmailKey(emailKey) !== emailKey) return undefined;
  return { emailKey, issuedAt };
}
