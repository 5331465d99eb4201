import { describe, expect, it } from "vitest";
import type { RouteDefinition } from "./define-route.ts";
import { API_ENDPOINTS } from "./endpoints.ts";
import { API_ROUTES } from "./openapi.ts";

type Routes = typeof API_ROUTES;
/** The routes whose path type is `string` (no literal to check API_ENDPOINTS against). */
type WidePath = {
  [G in keyof Routes]: {
    [N in keyof Routes[G]]: Routes[G][N] extends RouteDefinition
      ? string extends Routes[G][N]["path"]
        ? `${G & string}.${N & string}`
        : never
      : never;
  }[keyof Routes[G]];
}[keyof Routes];
// Fails type-checking, naming the route, when a definition's path is not a literal type.
const everyPathIsALiteral: [WidePath] extends [never] ? true : WidePath = true;

describe("API_ENDPOINTS", () => {
  it("names every route of API_ROUTES with its method and path, and nothing else", () => {
    expect(everyPathIsALiteral).toBe(true);
    const fromDefinitions = Object.entries(API_ROUTES).flatMap(([group, routes]) =>
      Object.entries(routes as Record<string, RouteDefinition>).map(
        ([name, route]) => `${group}.${name} ${route.method} ${route.path}`,
      ),
    );
    const fromTable = Object.entries(API_ENDPOINTS).flatMap(([group, endpoints]) =>
      Object.entries(endpoints as Record<string, { method: string; path: string }>).map(
        ([name, endpoint]) => `${group}.${name} ${endpoint.method} ${endpoint.path}`,
      ),
    );
    expect(fromTable).toEqual(fromDefinitions);
  });
});
