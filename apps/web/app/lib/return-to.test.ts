import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginPathReturningTo, RETURN_TO_PARAM, safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/quotes", "/dashboard/quotes"],
    ["/dashboard/quotes/abc-123", "/dashboard/quotes/abc-123"],
    ["/dashboard/contacts?q=ali&page=3", "/dashboard/contacts?q=ali&page=3"],
    ["/dashboard/quotes?q=Mar%C3%ADa#top", "/dashboard/quotes?q=Mar%C3%ADa#top"],
    ["/dashboard/quotes/./x", "/dashboard/quotes/x"],
  ])("keeps %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "dashboard",
    "/",
    "/api/users/list",
    "/dashboardx",
    "/dashboard-evil",
    "//evil.example/dashboard",
    "https://evil.example/dashboard",
    "/dashboard/../api/users/list",
    "/dashboard/%2e%2e/%2e%2e/evil",
    "/dashboard\\..\\evil",
    "/\\evil.example",
    "/dashboard\n/x",
    "javascript:alert(1)",
    `/dashboard/${"a".repeat(2001)}`,
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("never answers anything but a path inside /dashboard on this site", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.string({ unit: "binary" }).map((tail) => `/dashboard${tail}`),
          fc.webUrl(),
        ),
        (value) => {
          const safe = safeReturnPath(value);
          if (safe === null) return;
          const url = new URL(safe, "https://agency.example");
          expect(url.origin).toBe("https://agency.example");
          expect(url.pathname === "/dashboard" || url.pathname.startsWith("/dashboard/")).toBe(
            true,
          );
          expect(safeReturnPath(safe)).toBe(safe);
        },
      ),
    );
    // Generous: fast-check's URL generator is slow on a busy machine.
  }, 30_000);
});

describe("loginPathReturningTo", () => {
  it("names the dashboard address, except the front page (the default landing)", () => {
    expect(loginPathReturningTo("/dashboard")).toBe("/api/auth/login");
    expect(loginPathReturningTo("/dashboard/quotes/abc?x=1")).toBe(
      `/api/auth/login?${RETURN_TO_PARAM}=${encodeURIComponent("/dashboard/quotes/abc?x=1")}`,
    );
    expect(loginPathReturningTo("//evil.example")).toBe("/api/auth/login");
  });
});
