import { API_ENDPOINTS, type PersonMatch } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { PersonSearch } from "./person-search";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const match = (change: Partial<PersonMatch>): PersonMatch => ({
  name: "Maria Lindqvist",
  email: "maria@example.com",
  phone: "6125550100",
  kinds: ["quote", "contact"],
  latestAt: "2026-11-20T15:00:00.000Z",
  ...change,
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const search = async (people: PersonMatch[]) => {
  server.on(API_ENDPOINTS.dashboard.search, { people });
  const onOpen = vi.fn();
  renderInDashboard(
    server,
    <>
      <PersonSearch onOpen={onOpen} />
      <Where />
    </>,
    { url: "/dashboard" },
  );
  fireEvent.change(await screen.findByRole("combobox", { name: "Find a person" }), {
    target: { value: "maria" },
  });
  fireEvent.click(await screen.findByRole("option", { name: /Maria Lindqvist/ }));
  return onOpen;
};

describe("the header's person search", () => {
  it("opens the person's page when the match is a person", async () => {
    const onOpen = await search([match({ personId: "p1" })]);
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/dashboard/people/p1"),
    );
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("opens the timeline of a match with no person record", async () => {
    const onOpen = await search([match({ personId: null })]);
    expect(onOpen).toHaveBeenCalledWith("maria@example.com");
    expect(screen.getByTestId("where").textContent).toBe("/dashboard");
  });

  it("offers the People list searched the same way, beyond the few it shows", async () => {
    server.on(API_ENDPOINTS.dashboard.search, { people: [match({ personId: "p1" })] });
    renderInDashboard(
      server,
      <>
        <PersonSearch onOpen={vi.fn()} />
        <Where />
      </>,
      { url: "/dashboard" },
    );
    fireEvent.change(await screen.findByRole("combobox", { name: "Find a person" }), {
      target: { value: " lee 612 " },
    });
    fireEvent.click(await screen.findByRole("link", { name: "All people matching “lee 612”" }));
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/dashboard/people?q=lee%20612"),
    );
  });
});
