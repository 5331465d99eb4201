import {
  API_ENDPOINTS,
  DISCLOSURE_MESSAGES,
  type Disclosure,
  ERASE_MESSAGES,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { PrivacyPanel } from "./privacy-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const DISCLOSURE: Disclosure = {
  _id: "d1",
  personId: "p1",
  disclosedOn: "2026-11-02",
  recipient: "North Star Mutual",
  what: "Name and driving record",
  basis: "To quote auto coverage",
  recordedBy: "u1",
  recordedByName: "Ann Admin",
  createdAt: "2026-11-02T15:00:00.000Z",
};

const AGENT: User = { ...STAFF_USER, role: ["Agent"], isAdmin: false, supperAdmin: false };

describe("the person page's privacy section", () => {
  let server: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    server = stubFetch();
    vi.stubGlobal("fetch", server.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderPanel = (user: User = STAFF_USER, onErased = vi.fn()) => {
    const rendered = renderInDashboard(
      server,
      <PrivacyPanel
        personId="p1"
        personName="Ana Lind"
        names={{ firstName: "Ana", lastName: "Lind" }}
        onErased={onErased}
      />,
      { user },
    );
    return { ...rendered, onErased };
  };

  it("lists the disclosures and records one, with the field's message when refused", async () => {
    server.on(API_ENDPOINTS.personPrivacy.disclosures, { success: true, data: [DISCLOSURE] });
    renderPanel();
    const list = await screen.findByRole("list", { name: "Disclosures of Ana Lind" });
    expect(within(list).getByText("North Star Mutual")).toBeTruthy();
    expect(document.getElementById("privacy")).not.toBeNull();

    // Empty answers are refused before anything is sent, each under its field.
    fireEvent.click(screen.getByRole("button", { name: "Record disclosure" }));
    expect(await screen.findByText(DISCLOSURE_MESSAGES.recipientRequired)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.personPrivacy.addDisclosure)).toHaveLength(0);

    const recorded = { ...DISCLOSURE, _id: "d2", recipient: "First Bank" };
    server.on(API_ENDPOINTS.personPrivacy.addDisclosure, {
      success: true,
      message: DISCLOSURE_MESSAGES.recorded,
      data: recorded,
    });
    fireEvent.change(screen.getByLabelText("Disclosed to (a carrier, a lender…)"), {
      target: { value: "First Bank" },
    });
    fireEvent.change(screen.getByLabelText("What was disclosed"), {
      target: { value: "Policy number" },
    });
    fireEvent.change(screen.getByLabelText("Why (the basis)"), {
      target: { value: "Mortgagee clause" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Record disclosure" }));
    await waitFor(() => expect(within(list).getByText("First Bank")).toBeTruthy());
    const [sent] = server.requestsTo(API_ENDPOINTS.personPrivacy.addDisclosure);
    expect(sent?.body).toMatchObject({ recipient: "First Bank", basis: "Mortgagee clause" });
  });

  it("offers the export and the erasure only to roles that hold them", async () => {
    server.on(API_ENDPOINTS.personPrivacy.disclosures, { success: true, data: [] });
    renderPanel(AGENT);
    expect(await screen.findByText("No disclosure is recorded.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export everything (ZIP)" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Erase this person" })).toBeNull();
  });

  it("erases only once the name is typed back, saying what is kept", async () => {
    server.on(API_ENDPOINTS.personPrivacy.disclosures, { success: true, data: [] });
    server.on(API_ENDPOINTS.personPrivacy.erase, {
      success: true,
      message: ERASE_MESSAGES.erased,
      data: { personId: "p1", personKept: true },
    });
    const { onErased, showToast } = renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Erase this person" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Erase Ana Lind?" });
    expect(within(dialog).getByText(/consent ledger/)).toBeTruthy();
    const input = within(dialog).getByLabelText(/Type their name/);
    fireEvent.change(input, { target: { value: "Ana" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Erase this person" }));
    expect(await within(dialog).findByText(ERASE_MESSAGES.confirmMismatch)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.personPrivacy.erase)).toHaveLength(0);

    fireEvent.change(input, { target: { value: "ana lind" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Erase this person" }));
    await waitFor(() => expect(onErased).toHaveBeenCalled());
    expect(server.requestsTo(API_ENDPOINTS.personPrivacy.erase)[0]?.body).toEqual({
      confirmName: "ana lind",
    });
    expect(showToast).toHaveBeenCalledWith("Ana Lind was erased.");
  });
});
