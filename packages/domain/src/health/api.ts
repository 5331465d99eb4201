import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";

export const HealthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "down"]),
});
export type Health = z.output<typeof HealthSchema>;

export const HealthRoutes = {
  check: defineRoute({
    method: "GET",
    path: "/api/health",
    summary: "Liveness and database reachability (503 when the database is down)",
    access: "public",
    responses: { 200: HealthSchema, 503: HealthSchema },
  }),
};
