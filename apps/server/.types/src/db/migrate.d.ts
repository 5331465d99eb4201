import type { Kysely } from "kysely";
export declare function migrateToLatest(db: Kysely<any>): Promise<string[]>;
