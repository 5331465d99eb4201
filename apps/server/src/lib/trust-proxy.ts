import { isIP } from "node:net";

/**
 * Which proxies in front of the app may speak for the client in `X-Forwarded-For`
 * (TRUST_PROXY): none; a number of proxy hops (`true` is one); or the proxies' addresses,
 * CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** The most hops TRUST_PROXY may name: more proxies than this in a row is a mistake. */
const MAX_HOPS = 10;
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or a problem to report (undefined: unset). */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  // `true` has meant "behind a proxy" since the first deploy notes: exactly one in front.
  // Never "trust everyone", which would take the left-most X-Forwarded-For entry, the one
  // the client wrote itself.
  if (text === "true") return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS
      ? { hops }
      : { problem: `must be at most ${MAX_HOPS} proxy hops (got ${hops})` };
  }
  const proxies = text.split(",").map((entry) => entry.trim());
  const bad = proxies.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      problem: `must be true, a number of proxy hops, or proxy addresses / CIDR ranges separated by commas (not ${bad.map((entry) => JSON.stringify(entry)).join(", ")})`,
    };
  }
  return { proxies };
}

/**
 * Fastify's `trustProxy` for a TrustProxy, never `true`. The client's address is then the
 * right-most X-Forwarded-For entry that is not a trusted proxy (proxy-addr's walk from the
 * connection's own address leftwards): a hop count trusts that many hops, a list trusts
 * exactly the proxies named. Whatever a client writes into the header itself sits left of
 * what its proxy appends, so it is never read as the client's address.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.proxies;
}
