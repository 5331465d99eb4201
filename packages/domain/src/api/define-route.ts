import type * as z from "zod";
import type { Permission } from "../user/permissions.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A response that is not JSON (a CSV download, a stored file): documented, sent as it is,
 * never serialised. A file whose content decides its type names every type it may have.
 */
export type TextResponse = { contentType: string | readonly string[]; description: string };

/** The media types a non-JSON response may answer with. */
export function textResponseTypes(response: TextResponse): readonly string[] {
  return typeof response.contentType === "string" ? [response.contentType] : response.contentType;
}

/**
 * Who may call a route: anyone, any signed-in user, or staff whose role holds the
 * permission (packages/domain/src/user/permissions.ts; decision 0025). The server enforces
 * it from this field alone.
 */
export type RouteAccess = "public" | "user" | Permission;

export type RouteResponses = Record<number, z.ZodType | TextResponse>;

/**
 * One HTTP route of the API: the single place its method, path, request and response
 * shapes are written. The server registers it, the OpenAPI document describes it, the web
 * app's calls are typed by it.
 */
export type RouteDefinition = {
  method: HttpMethod;
  /** Fastify's path syntax (`/api/contacts/delete-contact/:id`). */
  path: string;
  summary: string;
  /** Who may call it (the server enforces it from here). */
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  responses: RouteResponses;
};

/** The JSON a route answers with `status`, as its definition declares it (for clients). */
export type RouteAnswer<
  R extends RouteDefinition,
  S extends keyof R["responses"],
> = R["responses"][S] extends z.ZodType ? z.output<R["responses"][S]> : never;

/** The body a route accepts, before its transforms (what a client sends). */
export type RouteBody<R extends RouteDefinition> = R["body"] extends z.ZodType
  ? z.input<R["body"]>
  : never;

/** A route's path: a client's constant typed by it fails type-checking when it drifts. */
export type RoutePath<R extends RouteDefinition> = R["path"];

/** The path parameters a route takes (`{ id }` for `/api/x/:id`), as a client sends them. */
export type RouteParams<R extends RouteDefinition> = R["params"] extends z.ZodType
  ? z.input<R["params"]>
  : never;

/** The query a route takes, as a client sends it. */
export type RouteQuery<R extends RouteDefinition> = R["query"] extends z.ZodType
  ? z.input<R["query"]>
  : never;

/** The JSON of a route's success (its 2xx answer), as its definition declares it. */
export type RouteSuccess<R extends RouteDefinition> = RouteAnswer<
  R,
  Extract<keyof R["responses"], 200 | 201 | 202 | 204>
>;

/** Whether a route answers a file (CSV) rather than JSON. */
export type RouteIsText<R extends RouteDefinition> = R["responses"][Extract<
  keyof R["responses"],
  200
>] extends TextResponse
  ? true
  : false;

export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

export function isTextResponse(response: z.ZodType | TextResponse): response is TextResponse {
  return "contentType" in response;
}

export const CSV_RESPONSE: TextResponse = {
  contentType: "text/csv",
  description: "A CSV file (UTF-8, header row first)",
};
