/** Text ids (never auto-increment): unguessable and identical on both engines. */
export declare function newId(): string;
/** Timestamps are made here, not by SQL defaults, so both engines store the same text. */
export declare function nowIso(now?: Date): string;
