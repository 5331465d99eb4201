import { personEmailKey } from "@agency/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signStopToken, verifyStopToken } from "./stop-token.ts";

const SECRET = "test-secret-that-is-long-enough-for-hmac-signing";
const AT = new Date("2026-11-29T12:00:00.123Z");

describe("the stop token", () => {
  it("carries the address's key and the issue time to the millisecond", () => {
    const token = signStopToken("  Ann.Lee@Example.COM ", SECRET, AT);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(verifyStopToken(token, SECRET)).toEqual({
      emailKey: personEmailKey("ann.lee@example.com"),
      issuedAt: AT,
    });
  });

  it("round-trips any address, in full Unicode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 80 }), (address) => {
        const key = personEmailKey(address);
        fc.pre(key !== "");
        const claim = verifyStopToken(signStopToken(address, SECRET, AT), SECRET);
        expect(claim).toEqual({ emailKey: key, issuedAt: AT });
      }),
    );
  });

  it("refuses a token signed with another secret, or none", () => {
    const token = signStopToken("ann@example.com", "another-secret-of-the-same-kind-entirely", AT);
    expect(verifyStopToken(token, SECRET)).toBeUndefined();
    const [payload] = token.split(".");
    expect(verifyStopToken(`${payload}.`, SECRET)).toBeUndefined();
    expect(verifyStopToken(payload ?? "", SECRET)).toBeUndefined();
    expect(verifyStopToken("", SECRET)).toBeUndefined();
  });

  it("refuses any altered character, address or time", () => {
    const token = signStopToken("ann@example.com", SECRET, AT);
    fc.assert(
      fc.property(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(..."ABCabc019-_.=+/ é"),
        (index, char) => {
          fc.pre(token[index] !== char);
          const altered = `${token.slice(0, index)}${char}${token.slice(index + 1)}`;
          expect(verifyStopToken(altered, SECRET)).toBeUndefined();
        },
      ),
    );
    // Another address under the same mac, or another time: refused.
    const [, mac] = token.split(".");
    const other = signStopToken("bo@example.com", SECRET, AT).split(".")[0];
    expect(verifyStopToken(`${other}.${mac}`, SECRET)).toBeUndefined();
    const later = signStopToken("ann@example.com", SECRET, new Date(AT.getTime() + 1)).split(
      ".",
    )[0];
    expect(verifyStopToken(`${later}.${mac}`, SECRET)).toBeUndefined();
  });

  it("makes no token for an address with no key", () => {
    expect(signStopToken("   ", SECRET, AT)).toBe("");
  });
});
