import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * TOTP secrets at rest (decision 0023): AES-256-GCM under a key derived with HKDF-SHA256
 * from JWT_SECRET, bound to the user's id as associated data (a row copied to another
 * user does not decrypt). A database dump alone does not reveal the secrets; a dump with
 * JWT_SECRET does. Changing JWT_SECRET makes every stored secret unreadable, so those
 * accounts sign in with a recovery code or are reset with create-user.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(
      hkdfSync("sha256", jwtSecret, "agency/two-factor", "totp-secret-encryption v1", 32),
    );
    keys.set(jwtSecret, key);
  }
  return key;
}

/** `v1.<base64url of iv | tag | ciphertext>` */
export function encryptTotpSecret(secret: Uint8Array, userId: string, jwtSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(jwtSecret), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  return `${VERSION}.${sealed.toString("base64url")}`;
}

/** The secret's bytes, or undefined when it does not decrypt (another key, another user). */
export function decryptTotpSecret(
  stored: string,
  userId: string,
  jwtSecret: string,
): Uint8Array | undefined {
  const [version, payload] = stored.split(".");
  if (version !== VERSION || !payload) return undefined;
  const sealed = Buffer.from(payload, "base64url");
  if (sealed.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyFor(jwtSecret),
      sealed.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return new Uint8Array(
      Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]),
    );
  } catch {
    return undefined;
  }
}
