import { API_ENDPOINTS, csvLine, IMPORT_MESSAGES, POLICY_MESSAGES } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { deferred, type StubReply, stubFetch } from "../../test/stub-fetch";
import { ImportSection } from "./import-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const HEADER = [
  "First Name",
  "Last Name",
  "Email",
  "Carrier",
  "LOB",
  "Policy #",
  "Eff Date",
  "Term",
  "Premium",
];
const MAPPING = {
  firstName: 0,
  lastName: 1,
  email: 2,
  carrier: 3,
  lineOfBusiness: 4,
  policyNumber: 5,
  effectiveDate: 6,
  termMonths: 7,
  annualPremium: 8,
};
const CSV = `\uFEFF${csvLine(HEADER)}${csvLine(["Ann", "Lee, Jr.", "ann@example.com", "Acme", "PPA", "A-1", "1/15/2025", "12", "1,200.50"])}${csvLine(["Bo", "Ek", "bo@example.com", "Acme", "Auto", "A-2", "2025-02-01", "12", "12.345"])}`;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function pickFile(text = CSV) {
  const input = await screen.findByLabelText("CSV file");
  const file = new File([text], "book.csv", { type: "text/csv" });
  fireEvent.change(input, { target: { files: [file] } });
}

describe("the import section (decision 0075)", () => {
  it("maps the columns, previews each row with its problems, imports once and lists the error rows", async () => {
    server.on(API_ENDPOINTS.imports.mapping, {
      success: true,
      data: { mapping: MAPPING, remembered: true },
    });
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.imports.run, () => answer.promise);
    renderInDashboard(server, <ImportSection />);
    await pickFile();

    expect(await screen.findByText(/The columns are mapped as last time/)).toBeTruthy();
    expect((screen.getByLabelText("Carrier (required)") as HTMLSelectElement).value).toBe("3");
    const preview = screen.getByRole("region", { name: "Preview of the first rows" });
    const rows = within(preview).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain("Ready");
    expect(rows[1]?.textContent).toContain("$1,200.50");
    expect(rows[2]?.textContent).toContain("3");
    expect(rows[2]?.textContent).toContain(POLICY_MESSAGES.premiumInvalid);

    const button = screen.getByRole("button", { name: "Import 2 rows" });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole("button", { name: "Importing…" })).toBeTruthy());
    answer.resolve({
      body: {
        success: true,
        data: {
          rows: 2,
          created: 1,
          existing: 0,
          peopleCreated: 1,
          errors: [{ line: 3, reason: POLICY_MESSAGES.premiumInvalid }],
        },
      },
    });
    expect(await screen.findByText("Import finished")).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Import finished" })),
    );
    expect(screen.getByRole("status").textContent).toContain("1 created, 0 already there, 1 error");
    const errors = screen.getByRole("list", { name: "Rows not imported" });
    expect(errors.textContent).toBe(`Line 3: ${POLICY_MESSAGES.premiumInvalid}`);
    const runs = server.requests.filter((request) => request.url.pathname === "/api/imports");
    expect(runs).toHaveLength(1);
    expect(runs[0]?.body).toEqual({ csv: CSV, mapping: MAPPING });
  });

  it("says what the mapping lacks and keeps Import disabled until it is whole", async () => {
    const { carrier: _carrier, ...guess } = MAPPING;
    server.on(API_ENDPOINTS.imports.mapping, {
      success: true,
      data: { mapping: guess, remembered: false },
    });
    renderInDashboard(server, <ImportSection />);
    await pickFile();

    expect(await screen.findByText(IMPORT_MESSAGES.fieldUnmapped("carrier"))).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Import 2 rows" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(screen.getByLabelText("Carrier (required)"), { target: { value: "3" } });
    await waitFor(() =>
      expect(
        (screen.getByRole("button", { name: "Import 2 rows" }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(screen.queryByText(IMPORT_MESSAGES.fieldUnmapped("carrier"))).toBeNull();
  });

  it("refuses a file with no rows or an unclosed quote before asking the server", async () => {
    renderInDashboard(server, <ImportSection />);
    await pickFile(csvLine(HEADER));
    expect((await screen.findByRole("alert")).textContent).toContain(IMPORT_MESSAGES.empty);
    await pickFile(`${csvLine(HEADER)}"Ann,Lee\r\n`);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(IMPORT_MESSAGES.unclosedQuote(2)),
    );
    expect(server.requests.some((request) => request.url.pathname.startsWith("/api/imports"))).toBe(
      false,
    );
  });
});
