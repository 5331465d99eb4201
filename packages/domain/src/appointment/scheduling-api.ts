import * as z from "zod";
import { SuccessMessageSchema } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import {
  AgentsPerSlotSchema,
  ClosureAddedSchema,
  ClosureRecordSchema,
  ClosureSchema,
  SchedulingSettingsSchema,
} from "./closures.ts";

/**
 * Scheduling settings (issue 15, decision 0034): "agents per slot" and closed days and
 * hours. Agency settings, so `users.manage` (decision 0025), reading included: the
 * booking form and available slots already tell everyone else what is open.
 */
export const SchedulingRoutes = {
  capacity: defineRoute({
    method: "GET",
    path: "/api/settings/scheduling",
    summary: "How many appointments one time slot can hold (agents per slot)",
    access: "users.manage",
    responses: { 200: SchedulingSettingsSchema },
  }),
  updateCapacity: defineRoute({
    method: "PUT",
    path: "/api/settings/scheduling",
    summary: "Set agents per slot (1–20); bookings follow it at once",
    access: "users.manage",
    body: AgentsPerSlotSchema,
    responses: { 200: SchedulingSettingsSchema },
  }),
  closures: defineRoute({
    method: "GET",
    path: "/api/settings/closures",
    summary: "Closed days and hours from today on (Central time), soonest first",
    access: "users.manage",
    responses: { 200: z.object({ data: z.array(ClosureRecordSchema) }) },
  }),
  addClosure: defineRoute({
    method: "POST",
    path: "/api/settings/closures",
    summary:
      "Close a day or a range of slots; answers the appointments already booked in it (they stay)",
    access: "users.manage",
    body: ClosureSchema,
    responses: { 201: ClosureAddedSchema },
  }),
  deleteClosure: defineRoute({
    method: "DELETE",
    path: "/api/settings/closures/:id",
    summary: "Reopen a closed day or range of slots",
    access: "users.manage",
    params: IdParamsSchema,
    responses: { 200: SuccessMessageSchema },
  }),
};
