import { API_ENDPOINTS, type Person } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { ChoosePolicyholder, issuePolicyPath } from "./choose-policyholder";
import { PoliciesPanel } from "./policies-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: string, firstName: string, extra: Partial<Person> = {}): Person => ({
  _id: id,
  firstName,
  lastName: "Ngô",
  email: `${firstName.toLowerCase()}@example.com`,
  phone: "6125550147",
  mailingAddress: { street: "", city: "", state: "", zip: "" },
  preferredContact: null,
  notes: "",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  leadCounts: { quotes: 1, contacts: 0, appointments: 0 },
  latestAt: "2026-11-01T00:00:00.000Z",
  ...extra,
});

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderChooser = () =>
  renderInDashboard(
    server,
    <ChoosePolicyholder>
      {(open) => (
        <button type="button" onClick={open}>
          Issue Policy
        </button>
      )}
    </ChoosePolicyholder>,
  );

describe("the overview's Issue Policy asks for the person", () => {
  it("finds people by what was typed and links each to their page with the form open", async () => {
    const queries: string[] = [];
    server.on(API_ENDPOINTS.people.list, (request) => {
      queries.push(request.url.searchParams.get("q") ?? "");
      return {
        body: {
          success: true,
          data: [person("p1", "Linh"), person("p2", "Anh", { email: "", phone: "" })],
          total: 12,
          limit: 8,
          offset: 0,
        },
      };
    });
    renderChooser();
    fireEvent.click(await screen.findByRole("button", { name: "Issue Policy" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue a policy: for whom?" });
    const search = within(dialog).getByLabelText("Find the person (name, email or phone)");
    expect(document.activeElement).toBe(search);

    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      "Type a name, email or phone to find the person",
    );
    expect(queries).toEqual([]);

    fireEvent.change(search, { target: { value: "Ngô" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    const linh = await within(dialog).findByRole("link", { name: /Linh Ngô/ });
    expect(queries).toEqual(["Ngô"]);
    expect(linh.getAttribute("href")).toBe(issuePolicyPath("p1"));
    expect(linh.textContent).toContain("linh@example.com · (612) 555-0147");
    expect(within(dialog).getByRole("link", { name: /Anh Ngô/ }).textContent).toContain(
      "No email or phone",
    );
    expect(within(dialog).getByRole("status").textContent).toContain(
      "The first 2 of 12 matches: type more to narrow them.",
    );
  });

  it("says so when no one matches, and shows a failure where the person is looking", async () => {
    let answer = 0;
    server.on(API_ENDPOINTS.people.list, () =>
      answer++ === 0
        ? { body: { success: true, data: [], total: 0, limit: 8, offset: 0 } }
        : failure(429, "Too many requests. Please try again in a minute."),
    );
    renderChooser();
    fireEvent.click(await screen.findByRole("button", { name: "Issue Policy" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("searchbox"), { target: { value: "Zed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect((await within(dialog).findByRole("status")).textContent).toContain(
      "No one matches “Zed”.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      "Too many requests. Please try again in a minute.",
    );
  });
});

describe("a person page opened from Issue Policy", () => {
  it("opens with the Issue policy form, and Cancel closes it", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [] });
    server.on(API_ENDPOINTS.leadWork.assignable, { success: true, data: [] });
    renderInDashboard(server, <PoliciesPanel personId="p1" owner="Linh Ngô" />, {
      url: issuePolicyPath("p1"),
    });
    const cancel = await screen.findByRole("button", { name: /Cancel/ });
    await waitFor(() => expect(document.activeElement?.tagName).toMatch(/INPUT|SELECT/));
    fireEvent.click(cancel);
    expect(await screen.findByRole("button", { name: /Issue policy/ })).toBeTruthy();
  });
});
