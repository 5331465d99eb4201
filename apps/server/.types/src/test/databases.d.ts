import { type DatabaseHandle } from "../db/database.ts";
export type Engine = "sqlite" | "postgres";
export type TestDatabase = {
    engine: Engine;
    url: string;
    handle: DatabaseHandle;
    drop: () => Promise<void>;
};
/**
 * The engines every server suite runs on: SQLite always, PostgreSQL when
 * `TEST_DATABASE_URL` is set. In CI a missing PostgreSQL is an error, never a silent skip.
 */
export declare function testEngines(): Engine[];
/** A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database. */
export declare function createTestDatabase(engine: Engine): Promise<TestDatabase>;
