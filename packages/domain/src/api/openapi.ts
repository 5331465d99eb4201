import * as z from "zod";
import { AppointmentRoutes } from "../appointment/api.ts";
import { AppointmentManageRoutes } from "../appointment/manage.ts";
import { SchedulingRoutes } from "../appointment/scheduling-api.ts";
import { ContactRoutes } from "../contact/api.ts";
import { DashboardRoutes } from "../dashboard/api.ts";
import { HealthRoutes } from "../health/api.ts";
import { HouseholdRoutes } from "../household/api.ts";
import { ImportRoutes } from "../import/api.ts";
import { LeadWorkRoutes } from "../lead/work-api.ts";
import { LeadEntryRoutes } from "../lead-entry/api.ts";
import { PeopleRoutes } from "../person/api.ts";
import { PolicyRoutes } from "../policy/api.ts";
import { ConsentRoutes } from "../privacy/api.ts";
import { PersonPrivacyRoutes } from "../privacy/disclosure.ts";
import { StopLinkRoutes } from "../privacy/stop-link-api.ts";
import { PrivacyRequestRoutes } from "../privacy-request/api.ts";
import { QuoteRoutes } from "../quote/api.ts";
import { RenewalRoutes } from "../renewal/api.ts";
import { ReportRoutes } from "../report/api.ts";
import { ServiceRoutes } from "../service/api.ts";
import { SecuritySettingsRoutes, SettingsRoutes } from "../settings/api.ts";
import { EmailTemplateRoutes } from "../staff-email/api.ts";
import { TaskRoutes } from "../task/api.ts";
import { type RoleLabel, roleLabelsAllowed } from "../user/access.ts";
import { AuthRoutes, TwoFactorRoutes, UserRoutes } from "../user/api.ts";
import { ErrorAnswerSchema } from "./common.ts";
import {
  defineRoute,
  isTextResponse,
  type RouteAccess,
  type RouteDefinition,
  textResponseTypes,
} from "./define-route.ts";

type JsonSchema = Record<string, unknown>;

/** An OpenAPI 3.1 document: what `GET /api/openapi.json` answers. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.output<typeof OpenApiDocumentSchema>;

export const OpenApiRoutes = {
  document: defineRoute({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document: OpenAPI 3.1 of every route",
    access: "public",
    responses: { 200: OpenApiDocumentSchema },
  }),
};

/** Every route of the API, by feature. The server registers exactly these. */
export const API_ROUTES = {
  health: HealthRoutes,
  openapi: OpenApiRoutes,
  quotes: QuoteRoutes,
  contacts: ContactRoutes,
  appointments: AppointmentRoutes,
  appointmentManage: AppointmentManageRoutes,
  stopLink: StopLinkRoutes,
  leadEntry: LeadEntryRoutes,
  auth: AuthRoutes,
  twoFactor: TwoFactorRoutes,
  users: UserRoutes,
  settings: SettingsRoutes,
  securitySettings: SecuritySettingsRoutes,
  scheduling: SchedulingRoutes,
  dashboard: DashboardRoutes,
  leadWork: LeadWorkRoutes,
  emailTemplates: EmailTemplateRoutes,
  people: PeopleRoutes,
  personPrivacy: PersonPrivacyRoutes,
  consent: ConsentRoutes,
  households: HouseholdRoutes,
  tasks: TaskRoutes,
  policies: PolicyRoutes,
  imports: ImportRoutes,
  renewals: RenewalRoutes,
  reports: ReportRoutes,
  service: ServiceRoutes,
  privacyRequests: PrivacyRequestRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

/**
 * JSON Schema of a zod schema as it travels: what a client sends (`input`) or what the
 * server answers (`output`). Rules zod cannot express (refinements, transforms) are left
 * out rather than refused.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return json;
}

/** `/api/x/:id` → `/api/x/{id}` */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function parametersOf(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = toJsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * Who may call a route, in words and as `x-roles`: the roles come from the permission matrix
 * (roleLabelsAllowed), so the document names exactly the roles the server's guard lets in.
 */
function accessOf(access: RouteAccess): { description: string; "x-roles"?: RoleLabel[] } {
  if (access === "public") return { description: "Who may call it: anyone." };
  const roles = roleLabelsAllowed(access);
  const who = access === "user" ? "any signed-in user" : `staff with the \`${access}\` permission`;
  return {
    description: `Who may call it: ${who} (${roles.join(", ")}; bearer token).`,
    "x-roles": roles,
  };
}

function operationOf(route: RouteDefinition, operationId: string) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = isTextResponse(response)
      ? {
          description: response.description,
          content: Object.fromEntries(
            textResponseTypes(response).map((type) => [type, { schema: { type: "string" } }]),
          ),
        }
      : {
          description: `${status}`,
          content: { "application/json": { schema: toJsonSchema(response, "output") } },
        };
  }
  responses["4XX"] = { $ref: "#/components/responses/Error" };
  return {
    operationId,
    summary: route.summary,
    ...accessOf(route.access),
    "x-access": route.access,
    ...(route.access === "public" ? { security: [] } : {}),
    parameters: [...parametersOf(route.params, "path"), ...parametersOf(route.query, "query")],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: toJsonSchema(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the given routes (by default, all of them). */
export function buildOpenApiDocument(
  routes: Record<string, Record<string, RouteDefinition>> = API_ROUTES,
  info: { title: string; version: string } = { title: "Insurance agency API", version: "1" },
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [feature, group] of Object.entries(routes)) {
    for (const [name, route] of Object.entries(group)) {
      const path = toOpenApiPath(route.path);
      paths[path] ??= {};
      paths[path][route.method.toLowerCase()] = operationOf(route, `${feature}.${name}`);
    }
  }
  return {
    openapi: "3.1.0",
    info,
    // Relative: the API is served by the site that serves this document, wherever it runs.
    servers: [{ url: "/", description: "The site serving this document" }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      responses: {
        Error: {
          description: "Invalid input, not signed in, not allowed, not found, conflict, too many",
          content: { "application/json": { schema: toJsonSchema(ErrorAnswerSchema, "output") } },
        },
      },
    },
    security: [{ bearer: [] }],
  };
}
