import { API_ROUTES, type RouteDefinition } from "@agency/domain";

/**
 * Every route of the contract, named `feature.name`, derived from API_ROUTES so a route
 * added later is walked too (the role matrix, the audit log's append-only walk). Signing
 * out ends the caller's session: last, so it cannot spoil the other calls.
 */
export const ALL_ROUTES = Object.entries(
  API_ROUTES as Record<string, Record<string, RouteDefinition>>,
)
  .flatMap(([feature, group]) =>
    Object.entries(group).map(([name, route]) => ({ name: `${feature}.${name}`, route })),
  )
  .sort(
    (a, b) => Number(a.route.path.endsWith("/logout")) - Number(b.route.path.endsWith("/logout")),
  );
