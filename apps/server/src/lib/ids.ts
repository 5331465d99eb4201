import { randomFillSync } from "node:crypto";

/** Random bytes for ids, drawn from the system's generator in blocks (as randomUUID does). */
const IDS_PER_FILL = 256;
const pool = Buffer.alloc(16 * IDS_PER_FILL);
let next = IDS_PER_FILL;

/**
 * Text ids (never auto-increment), identical on both engines: UUID version 7 (RFC 9562),
 * the creation millisecond followed by 74 random bits. Unguessable still, and ordered by
 * time, so a new row goes to the end of its table's id indexes instead of a random page of
 * each (decision 0044: a batch of submissions writes a few pages instead of one per row).
 */
export function newId(now: number = Date.now()): string {
  if (next === IDS_PER_FILL) {
    randomFillSync(pool);
    next = 0;
  }
  const at = 16 * next++;
  pool.writeUIntBE(now, at, 6);
  pool.writeUInt8(0x70 | (pool.readUInt8(at + 6) & 0x0f), at + 6);
  pool.writeUInt8(0x80 | (pool.readUInt8(at + 8) & 0x3f), at + 8);
  const hex = pool.toString("hex", at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let lastMs = Number.NaN;
let lastIso = "";

/**
 * Timestamps are made here, not by SQL defaults, so both engines store the same text.
 * A submission formats several in the same millisecond; the last one is kept.
 */
export function nowIso(now: Date = new Date()): string {
  const ms = now.getTime();
  if (ms !== lastMs) {
    // An invalid date (NaN) is never equal, so it throws here as toISOString does.
    lastIso = now.toISOString();
    lastMs = ms;
  }
  return lastIso;
}
