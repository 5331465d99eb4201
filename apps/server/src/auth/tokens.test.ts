import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from "./tokens.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256";
const key = new TextEncoder().encode(SECRET);
const NOW = new Date("2026-11-24T12:00:00.000Z");
const IAT = Math.floor(NOW.getTime() / 1000);

describe("access tokens (jose)", () => {
  it("signs an HS256 JWT with the user, the session, and a 15-minute lifetime", async () => {
    const token = await signAccessToken({ userId: "u1", sessionId: "s1" }, SECRET, NOW);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    expect(await verifyAccessToken(token, SECRET, NOW)).toEqual({
      sub: "u1",
      sid: "s1",
      iat: IAT,
      exp: IAT + ACCESS_TOKEN_SECONDS,
    });
  });

  it("accepts any correctly signed HS256 token with our claims, whatever its header's key order", async () => {
    // A standards-conforming verifier, not string matching on one exact header.
    const token = await new SignJWT({ sid: "s2" })
      .setProtectedHeader({ typ: "JWT", alg: "HS256" })
      .setSubject("u2")
      .setIssuedAt(IAT)
      .setExpirationTime(IAT + 60)
      .sign(key);
    expect(await verifyAccessToken(token, SECRET, NOW)).toMatchObject({ sub: "u2", sid: "s2" });
  });

  it("refuses expired, forged, tampered, unsigned, other-algorithm and incomplete tokens", async () => {
    const token = await signAccessToken({ userId: "u1", sessionId: "s1" }, SECRET, NOW);
    const later = new Date(NOW.getTime() + ACCESS_TOKEN_SECONDS * 1000);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const tampered = Buffer.from(
      JSON.stringify({ sub: "admin", sid: "s1", iat: IAT, exp: IAT + 900 }),
    ).toString("base64url");
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    const hs512 = await new SignJWT({ sid: "s1" })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject("u1")
      .setIssuedAt(IAT)
      .setExpirationTime(IAT + 60)
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setIssuedAt(IAT)
      .setExpirationTime(IAT + 60)
      .sign(key);
    for (const [candidate, secret, at] of [
      [token, SECRET, later],
      [token, "another-secret-of-the-same-length-000000000", NOW],
      [`${header}.${tampered}.${signature}`, SECRET, NOW],
      [none, SECRET, NOW],
      [hs512, SECRET.repeat(2), NOW],
      [noSession, SECRET, NOW],
      ["garbage", SECRET, NOW],
      ["", SECRET, NOW],
    ] as const) {
      expect(await verifyAccessToken(candidate, secret, at)).toBeUndefined();
    }
  });

  it("uses jose, pinned to an exact version, instead of hand-written HMAC code", () => {
    const source = readFileSync(path.join(import.meta.dirname, "tokens.ts"), "utf8");
    expect(source).toMatch(/from "jose"/);
    expect(source).not.toMatch(/createHmac|timingSafeEqual/);
    const manifest = JSON.parse(
      readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8"),
    );
    expect(manifest.dependencies.jose).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
