import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Access tokens live 15 minutes at most (contract); the refresh cookie renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type AccessClaims = { sub: string; sid: string; iat: number; exp: number };

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");
const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function sign(data: string, secret: string): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

/** A compact HS256 JWT naming the user and the server-side session it belongs to. */
export function signAccessToken(
  subject: { userId: string; sessionId: string },
  secret: string,
  now: Date = new Date(),
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = base64url(
    JSON.stringify({
      sub: subject.userId,
      sid: subject.sessionId,
      iat,
      exp: iat + ACCESS_TOKEN_SECONDS,
    }),
  );
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
export function verifyAccessToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): AccessClaims | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header is accepted: no "alg: none", no algorithm switching.
  if (header !== HEADER) return undefined;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const c = claims as Partial<AccessClaims>;
  if (typeof c.sub !== "string" || typeof c.sid !== "string" || typeof c.exp !== "number") {
    return undefined;
  }
  if (c.exp <= Math.floor(now.getTime() / 1000)) return undefined;
  return c as AccessClaims;
}

/** An opaque random token (refresh cookie, one-time links); only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
