import { randomUUID } from "node:crypto";

/** Text ids (never auto-increment): unguessable and identical on both engines. */
export function newId(): string {
  return randomUUID();
}

/** Timestamps are made here, not by SQL defaults, so both engines store the same text. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
