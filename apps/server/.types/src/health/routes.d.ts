import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
export declare function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void;
