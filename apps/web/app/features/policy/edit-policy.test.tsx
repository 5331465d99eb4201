import {
  AGENCY,
  API_ENDPOINTS,
  POLICY_MESSAGES,
  type PolicyRecord,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PoliciesPanel } from "./policies-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const PERSON = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const OWNER = "Pat Olson";
const VIEWER: User = { ...STAFF_USER, _id: "u9", role: [], isAdmin: false };
const CARRIER = AGENCY.carriers[0]?.name ?? "";
const EDIT = "Edit details of Auto policy AU-1";

const policy = (extra: Partial<PolicyRecord> = {}): PolicyRecord => ({
  _id: "p1",
  personId: PERSON,
  holderName: OWNER,
  lead: null,
  carrier: CARRIER,
  lineOfBusiness: "auto",
  policyNumber: "AU-1",
  effectiveDate: "2026-12-01",
  termMonths: 12,
  expirationDate: "2027-12-01",
  annualPremiumCents: 100_000,
  producer: { _id: STAFF_USER._id, name: "Ann Admin" },
  status: "active",
  cancelDate: null,
  cancelReason: null,
  notes: "Paid in full",
  vehicles: [],
  drivers: [],
  renewalState: "not-started",
  renewalOf: null,
  createdAt: "2026-11-29T00:00:00.000Z",
  updatedAt: "2026-11-29T00:00:00.000Z",
  ...extra,
});

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.leadWork.assignable, {
    success: true,
    data: [
      { _id: STAFF_USER._id, name: "Ann Admin" },
      { _id: "u2", name: "Bo Agent" },
    ],
  });
  server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [policy()] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = (user: User = STAFF_USER) =>
  renderInDashboard(server, <PoliciesPanel personId={PERSON} owner={OWNER} />, { user });

async function openEdit() {
  const list = await screen.findByRole("list", { name: "Policies" });
  fireEvent.click(within(list).getByRole("button", { name: EDIT }));
  const form = screen.getByRole("form", { name: EDIT });
  // The producing agents have come (no update after the test ends).
  await within(form).findByRole("option", { name: "Bo Agent" });
  return { list, form };
}

describe("editing a policy's details on the person page", () => {
  it("sends only the changed premium, once, and shows the changed policy", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on(API_ENDPOINTS.policies.update, async () => {
      await answered;
      return { body: { success: true, data: policy({ annualPremiumCents: 123_456 }) } };
    });
    const { showToast } = renderPanel();
    const { list, form } = await openEdit();

    // Filled from the policy, the premium as dollars and cents; the first field has focus.
    expect((within(form).getByLabelText("Carrier") as HTMLSelectElement).value).toBe(CARRIER);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByLabelText("Carrier")),
    );
    const premium = within(form).getByLabelText("Annual premium ($)") as HTMLInputElement;
    expect(premium.value).toBe("1,000.00");
    expect((within(form).getByLabelText("Policy number") as HTMLInputElement).value).toBe("AU-1");
    expect((within(form).getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe(
      "Paid in full",
    );
    expect((within(form).getByLabelText("Producing agent") as HTMLSelectElement).value).toBe(
      STAFF_USER._id,
    );

    // The same amount written differently is no change.
    fireEvent.change(premium, { target: { value: "1000" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Save changes/ }));
    expect(await within(form).findByText(POLICY_MESSAGES.nothingToChange)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.policies.update)).toHaveLength(0);

    fireEvent.change(premium, { target: { value: "1,234.56" } });
    const save = within(form).getByRole("button", { name: /^Save changes/ });
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute("aria-disabled")).toBe("true"));
    fireEvent.click(save);
    release();

    expect(await within(list).findByText("$1,234.56")).toBeTruthy();
    expect(screen.queryByRole("form", { name: EDIT })).toBeNull();
    const sent = server.requestsTo(API_ENDPOINTS.policies.update);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toEqual({ id: "p1" });
    expect(sent[0]?.body).toEqual({ annualPremium: "1,234.56" });
    expect(showToast).toHaveBeenCalledWith("Policy updated.");
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole("button", { name: EDIT })),
    );
  });

  it("moves the expiration with the term, and refuses one before the effective date", async () => {
    server.on(API_ENDPOINTS.policies.update, (request) => ({
      body: {
        success: true,
        data: policy(request.body as Partial<PolicyRecord>),
      },
    }));
    renderPanel();
    const { form } = await openEdit();
    const expiration = within(form).getByLabelText("Expiration date") as HTMLInputElement;
    fireEvent.change(within(form).getByLabelText("Term"), { target: { value: "6" } });
    expect(expiration.value).toBe("2027-06-01");

    fireEvent.change(expiration, { target: { value: "2026-11-30" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Save changes/ }));
    const message = await within(form).findByText(POLICY_MESSAGES.expirationBeforeEffective);
    expect(expiration.getAttribute("aria-invalid")).toBe("true");
    expect(expiration.getAttribute("aria-describedby")).toContain(
      message.closest("p")?.id ?? "none",
    );
    await waitFor(() => expect(document.activeElement).toBe(expiration));
    expect(server.requestsTo(API_ENDPOINTS.policies.update)).toHaveLength(0);

    // Edited, the expiration no longer follows the term.
    fireEvent.change(expiration, { target: { value: "2027-07-01" } });
    fireEvent.change(within(form).getByLabelText("Term"), { target: { value: "12" } });
    expect(expiration.value).toBe("2027-07-01");
    fireEvent.click(within(form).getByRole("button", { name: /^Save changes/ }));
    await waitFor(() => expect(screen.queryByRole("form", { name: EDIT })).toBeNull());
    expect(server.requestsTo(API_ENDPOINTS.policies.update)[0]?.body).toEqual({
      expirationDate: "2027-07-01",
    });
  });

  it("shows a number another policy has at the policy number, keeping what was typed", async () => {
    server.on(API_ENDPOINTS.policies.update, () => failure(409, POLICY_MESSAGES.numberTaken));
    renderPanel();
    const { form } = await openEdit();
    const number = within(form).getByLabelText("Policy number") as HTMLInputElement;
    fireEvent.change(number, { target: { value: "AU-2" } });
    fireEvent.change(within(form).getByLabelText("Carrier"), { target: { value: "__other__" } });
    fireEvent.change(within(form).getByLabelText("Other carrier's name"), {
      target: { value: "Lakeside Mutual" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Save changes/ }));
    const message = await within(form).findByText(POLICY_MESSAGES.numberTaken);
    expect(number.getAttribute("aria-describedby")).toContain(message.closest("p")?.id ?? "none");
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(number.value).toBe("AU-2");
    expect(server.requestsTo(API_ENDPOINTS.policies.update)[0]?.body).toEqual({
      carrier: "Lakeside Mutual",
      policyNumber: "AU-2",
    });
  });

  it("shows the server's field message at its field: a producer who cannot be given work", async () => {
    server.on(API_ENDPOINTS.policies.update, () => ({
      status: 400,
      body: {
        success: false,
        message: POLICY_MESSAGES.producerNotStaff,
        error: POLICY_MESSAGES.producerNotStaff,
        errors: [{ field: "producerId", message: POLICY_MESSAGES.producerNotStaff }],
      },
    }));
    renderPanel();
    const { form } = await openEdit();
    const producer = within(form).getByLabelText("Producing agent") as HTMLSelectElement;
    fireEvent.change(producer, { target: { value: "u2" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Save changes/ }));
    const message = await within(form).findByText(POLICY_MESSAGES.producerNotStaff);
    expect(producer.getAttribute("aria-describedby")).toContain(message.closest("p")?.id ?? "none");
    await waitFor(() => expect(document.activeElement).toBe(producer));
    expect(server.requestsTo(API_ENDPOINTS.policies.update)[0]?.body).toEqual({ producerId: "u2" });
  });

  it("Keep as is sends nothing and gives the focus back to Edit details", async () => {
    renderPanel();
    const { list, form } = await openEdit();
    fireEvent.change(within(form).getByLabelText("Annual premium ($)"), {
      target: { value: "5" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Keep as is/ }));
    expect(screen.queryByRole("form", { name: EDIT })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole("button", { name: EDIT })),
    );
    expect(within(list).getByText("$1,000.00")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.policies.update)).toHaveLength(0);
  });

  it("offers no Edit details to staff who only view", async () => {
    renderPanel(VIEWER);
    const list = await screen.findByRole("list", { name: "Policies" });
    expect(within(list).getByText("No. AU-1")).toBeTruthy();
    expect(within(list).queryByRole("button", { name: /Edit details/ })).toBeNull();
  });
});
