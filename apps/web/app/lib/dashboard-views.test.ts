import { describe, expect, it } from "vitest";
import { dashboardPlace, leadPath, personPath, viewPath } from "./dashboard-views";

describe("dashboardPlace", () => {
  it.each([
    ["/dashboard", { kind: "view", view: "overview" }],
    ["/dashboard/", { kind: "view", view: "overview" }],
    ["/dashboard/quotes", { kind: "view", view: "quotes" }],
    ["/dashboard/users", { kind: "view", view: "users" }],
    ["/dashboard/tasks", { kind: "view", view: "tasks" }],
    ["/dashboard/settings/", { kind: "view", view: "settings" }],
    ["/dashboard/contacts/abc-123", { kind: "lead", view: "contacts", id: "abc-123" }],
    ["/dashboard/quotes/a%20b", { kind: "lead", view: "quotes", id: "a b" }],
    ["/dashboard/people", { kind: "view", view: "people" }],
    ["/dashboard/service", { kind: "view", view: "service" }],
    ["/dashboard/service/s-1", { kind: "lead", view: "service", id: "s-1" }],
    ["/dashboard/service/s-1/x", { kind: "unknown" }],
    ["/dashboard/people/p-1", { kind: "person", view: "people", id: "p-1" }],
    ["/dashboard/people/duplicates", { kind: "duplicates", view: "people" }],
    ["/dashboard/people/p-1/x", { kind: "unknown" }],
    ["/dashboard/quotes/%E0%A4%A", { kind: "lead", view: "quotes", id: "%E0%A4%A" }],
    ["/dashboard/overview", { kind: "unknown" }],
    ["/dashboard/settings/x", { kind: "unknown" }],
    ["/dashboard/users/x", { kind: "unknown" }],
    ["/dashboard/quotes/x/y", { kind: "unknown" }],
    ["/dashboard/constructor", { kind: "unknown" }],
    ["/dashboard/__proto__/x", { kind: "unknown" }],
    ["/elsewhere", { kind: "unknown" }],
  ])("%s", (pathname, place) => {
    expect(dashboardPlace(pathname)).toEqual(place);
  });

  it("reads back what leadPath and viewPath write", () => {
    expect(dashboardPlace(leadPath("appointments", "id with/slash"))).toEqual({
      kind: "lead",
      view: "appointments",
      id: "id with/slash",
    });
    expect(dashboardPlace(viewPath("contacts"))).toEqual({ kind: "view", view: "contacts" });
    expect(dashboardPlace(personPath("id with/slash"))).toEqual({
      kind: "person",
      view: "people",
      id: "id with/slash",
    });
  });
});
