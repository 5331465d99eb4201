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
import { IssuePolicyPanel } from "./issue-policy-panel";
import { PoliciesPanel } from "./policies-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const PERSON = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const OWNER = "Pat Olson";
const VIEWER: User = { ...STAFF_USER, _id: "u9", role: [], isAdmin: false };

const policy = (extra: Partial<PolicyRecord> = {}): PolicyRecord => ({
  _id: "p1",
  personId: PERSON,
  holderName: OWNER,
  lead: null,
  carrier: "Acme Mutual",
  lineOfBusiness: "home",
  policyNumber: "H-100",
  effectiveDate: "2026-12-01",
  termMonths: 12,
  expirationDate: "2027-12-01",
  annualPremiumCents: 123_456,
  producer: { _id: STAFF_USER._id, name: "Ann Admin" },
  status: "active",
  cancelDate: null,
  cancelReason: null,
  notes: "",
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
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = (user: User = STAFF_USER) =>
  renderInDashboard(server, <PoliciesPanel personId={PERSON} owner={OWNER} />, { user });

describe("the person page's Policies card", () => {
  it("issues a policy: carrier from the profile, expiration from the term, exact premium", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [] });
    server.on(API_ENDPOINTS.policies.issue, (request) => ({
      status: 201,
      body: {
        success: true,
        data: policy({ policyNumber: (request.body as { policyNumber: string }).policyNumber }),
      },
    }));
    const { showToast } = renderPanel();
    expect(await screen.findByText("No policies yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `Issue policy for ${OWNER}` }));
    const form = screen.getByRole("form", { name: `Issue a policy for ${OWNER}` });

    // Nothing typed: the domain's messages at the fields, each tied to its field, nothing sent.
    fireEvent.click(within(form).getByRole("button", { name: /^Issue policy/ }));
    const number = await within(form).findByLabelText("Policy number");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    const numberError = document.getElementById(number.getAttribute("aria-describedby") ?? "");
    expect(numberError?.textContent).toBe("Enter the policy number");
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(server.requestsTo(API_ENDPOINTS.policies.issue)).toHaveLength(0);

    const carrier = within(form).getByLabelText("Carrier") as HTMLSelectElement;
    expect(carrier.value).toBe(AGENCY.carriers[0]?.name);
    fireEvent.change(carrier, { target: { value: "__other__" } });
    fireEvent.change(within(form).getByLabelText("Other carrier's name"), {
      target: { value: "Lakeside Mutual" },
    });
    fireEvent.change(within(form).getByLabelText("Line of business"), {
      target: { value: "home" },
    });
    fireEvent.change(number, { target: { value: "H-100" } });
    fireEvent.change(within(form).getByLabelText("Effective date"), {
      target: { value: "2028-02-29" },
    });
    const expiration = within(form).getByLabelText("Expiration date") as HTMLInputElement;
    expect(expiration.value).toBe("2029-02-28");
    fireEvent.change(within(form).getByLabelText("Term"), { target: { value: "6" } });
    expect(expiration.value).toBe("2028-08-29");
    fireEvent.change(within(form).getByLabelText("Annual premium ($)"), {
      target: { value: "12.345" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Issue policy/ }));
    expect(
      await within(form).findByText(
        "Enter the annual premium in dollars and cents, such as 1,234.56",
      ),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Annual premium ($)"), {
      target: { value: "1,234.56" },
    });
    await screen.findByRole("option", { name: "Bo Agent" });
    fireEvent.change(within(form).getByLabelText("Producing agent"), { target: { value: "u2" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Issue policy/ }));

    const list = await screen.findByRole("list", { name: "Policies" });
    expect(within(list).getByText("No. H-100")).toBeTruthy();
    expect(within(list).getByText("$1,234.56")).toBeTruthy();
    const sent = server.requestsTo(API_ENDPOINTS.policies.issue);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      personId: PERSON,
      carrier: "Lakeside Mutual",
      lineOfBusiness: "home",
      policyNumber: "H-100",
      effectiveDate: "2028-02-29",
      termMonths: 6,
      expirationDate: "2028-08-29",
      annualPremium: "1,234.56",
      producerId: "u2",
      notes: "",
    });
    expect(showToast).toHaveBeenCalledWith("Policy H-100 issued.");
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(`Issue policy for ${OWNER}`),
    );
  });

  it("shows the server's refusal at the field, keeping what was typed", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [] });
    server.on(API_ENDPOINTS.policies.issue, () => failure(409, POLICY_MESSAGES.numberTaken));
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: `Issue policy for ${OWNER}` }));
    fireEvent.change(screen.getByLabelText("Policy number"), { target: { value: "H-100" } });
    fireEvent.change(screen.getByLabelText("Annual premium ($)"), { target: { value: "85" } });
    fireEvent.click(screen.getByRole("button", { name: /^Issue policy/ }));
    expect(await screen.findByText(POLICY_MESSAGES.numberTaken)).toBeTruthy();
    expect((screen.getByLabelText("Policy number") as HTMLInputElement).value).toBe("H-100");
  });

  it("cancels with a date and reason, then reinstates", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [policy()] });
    server.on(API_ENDPOINTS.policies.cancel, (request) => {
      const body = request.body as { cancelDate: string; reason: string };
      return {
        body: {
          success: true,
          data: policy({
            status: "cancelled",
            cancelDate: body.cancelDate,
            cancelReason: body.reason,
          }),
        },
      };
    });
    server.on(API_ENDPOINTS.policies.reinstate, { success: true, data: policy() });
    renderPanel();
    const list = await screen.findByRole("list", { name: "Policies" });
    expect(within(list).getByText("Active")).toBeTruthy();
    expect(screen.getByText(/: 1 active policy/)).toBeTruthy();
    expect(within(list).queryByRole("button", { name: /^Reinstate/ })).toBeNull();
    fireEvent.click(within(list).getByRole("button", { name: "Cancel Home policy H-100" }));
    const form = screen.getByRole("form", { name: "Cancel Home policy H-100" });
    fireEvent.click(within(form).getByRole("button", { name: /^Cancel policy/ }));
    expect(await within(form).findByText("Say why the policy was canceled")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.policies.cancel)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Cancellation date"), {
      target: { value: "2027-01-15" },
    });
    fireEvent.change(within(form).getByLabelText("Reason"), {
      target: { value: "Sold the house" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Cancel policy/ }));
    expect(await within(list).findByText("Canceled")).toBeTruthy();
    expect(screen.getByText("Not a client now: no active policy")).toBeTruthy();
    expect(within(list).getByText(/Sold the house/)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.policies.cancel)[0]?.body).toEqual({
      cancelDate: "2027-01-15",
      reason: "Sold the house",
    });
    fireEvent.click(within(list).getByRole("button", { name: "Reinstate Home policy H-100" }));
    expect(await within(list).findByText("Active")).toBeTruthy();
  });

  it("renews a term: the form prefilled from it, the next term listed as its renewal", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [policy()] });
    server.on(API_ENDPOINTS.renewals.renew, (request) => ({
      status: 201,
      body: {
        success: true,
        data: policy({
          _id: "p2",
          effectiveDate: "2027-12-01",
          expirationDate: "2028-12-01",
          annualPremiumCents: 130_000,
          renewalOf: "p1",
          ...(request.body as object as Record<string, never>),
        }),
      },
    }));
    const { showToast } = renderPanel();
    const list = await screen.findByRole("list", { name: "Policies" });
    fireEvent.click(within(list).getByRole("button", { name: "Renew Home policy H-100" }));
    const form = screen.getByRole("form", { name: "Renew Home policy H-100" });
    expect((within(form).getByLabelText("Policy number") as HTMLInputElement).value).toBe("H-100");
    expect((within(form).getByLabelText("Effective date") as HTMLInputElement).value).toBe(
      "2027-12-01",
    );
    expect((within(form).getByLabelText("Expiration date") as HTMLInputElement).value).toBe(
      "2028-12-01",
    );
    const premium = within(form).getByLabelText("Annual premium ($)") as HTMLInputElement;
    expect(premium.value).toBe("$1,234.56");
    // A bad amount is refused at the field before anything is sent.
    fireEvent.change(premium, { target: { value: "13.001" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Renew/ }));
    expect(await within(form).findByText(POLICY_MESSAGES.premiumInvalid)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.renewals.renew)).toHaveLength(0);
    fireEvent.change(premium, { target: { value: "1,300.00" } });
    fireEvent.click(within(form).getByRole("button", { name: /^Renew/ }));
    expect(await within(list).findByText(/Renewal of No\. H-100/)).toBeTruthy();
    expect(within(list).getByText("Renewed")).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith("Policy H-100 renewed.");
    const sent = server.requestsTo(API_ENDPOINTS.renewals.renew)[0];
    expect(sent?.params).toEqual({ id: "p1" });
    expect(sent?.body).toMatchObject({ annualPremium: "1,300.00", policyNumber: "H-100" });
    // The renewed term offers no second renewal; the new one does.
    expect(within(list).getAllByRole("button", { name: "Renew Home policy H-100" })).toHaveLength(
      1,
    );
  });

  it("offers no issuing or moves to staff who only view", async () => {
    server.on(API_ENDPOINTS.policies.ofPerson, { success: true, data: [policy()] });
    renderPanel(VIEWER);
    const list = await screen.findByRole("list", { name: "Policies" });
    expect(within(list).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: /Issue policy/ })).toBeNull();
  });
});

describe("Issue policy in a lead's work area", () => {
  it("issues from the lead and links the person's policies", async () => {
    server.on(API_ENDPOINTS.policies.issue, (request) => ({
      status: 201,
      body: {
        success: true,
        data: policy({
          lead: { kind: "quote", id: "q1" },
          lineOfBusiness: "auto",
          policyNumber: (request.body as { policyNumber: string }).policyNumber,
        }),
      },
    }));
    const onIssued = vi.fn();
    renderInDashboard(
      server,
      <IssuePolicyPanel
        lead={{ kind: "quote", id: "q1" }}
        owner="Pat Olson's quote"
        onIssued={onIssued}
      />,
      { user: STAFF_USER },
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Issue policy from Pat Olson's quote" }),
    );
    const form = screen.getByRole("form", { name: "Issue a policy for Pat Olson's quote" });
    expect((within(form).getByLabelText("Line of business") as HTMLSelectElement).value).toBe(
      "auto",
    );
    fireEvent.change(within(form).getByLabelText("Policy number"), { target: { value: "A-7" } });
    fireEvent.change(within(form).getByLabelText("Annual premium ($)"), {
      target: { value: "0.10" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Issue policy/ }));
    const link = await screen.findByRole("link", { name: `See ${OWNER}'s policies` });
    expect(link.getAttribute("href")).toBe(`/dashboard/people/${PERSON}`);
    expect(onIssued).toHaveBeenCalledTimes(1);
    expect(server.requestsTo(API_ENDPOINTS.policies.issue)[0]?.body).toMatchObject({
      lead: { kind: "quote", id: "q1" },
      policyNumber: "A-7",
      annualPremium: "0.10",
    });
  });
});
