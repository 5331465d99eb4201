import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** Access tokens live 15 minutes at most (contract); the refresh cookie renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type AccessClaims = { sub: string; sid: string; iat: number; exp: number };

/** Only HS256 is accepted: no "alg: none", no switching to another algorithm. */
const ALGORITHM = "HS256";

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A compact HS256 JWT (jose) naming the user and the server-side session it belongs to. */
export async function signAccessToken(
  subject: { userId: string; sessionId: string },
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: subject.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(subject.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(keyOf(secret));
}

/** The claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp"],
    });
    const { sub, sid, iat, exp } = payload;
    if (typeof sub !== "string" || typeof sid !== "string") return undefined;
    if (typeof iat !== "number" || typeof exp !== "number") return undefined;
    return { sub, sid, iat, exp };
  } catch {
    // Malformed, badly signed, expired or of another algorithm: all simply not valid.
    return undefined;
  }
}

/** An opaque random token (refresh cookie, one-time links); only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
