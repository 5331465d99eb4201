import { Kysely } from "kysely";
import type { Database } from "./schema.ts";
export type DatabaseEngine = "sqlite" | "postgres";
export type DatabaseHandle = {
    db: Kysely<Database>;
    engine: DatabaseEngine;
    /** Answers whether the database takes a trivial query right now. */
    ping: () => Promise<boolean>;
    close: () => Promise<void>;
};
/** `sqlite:PATH` (relative paths are resolved from the repository root) or `postgres://…`. */
export declare function openDatabase(url: string): DatabaseHandle;
export declare function sqliteFilePath(url: string): string;
