import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CalendarGrid } from "./calendar-grid";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

const WEEK = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"];

function renderWeek() {
  render(
    <MemoryRouter>
      <CalendarGrid
        days={WEEK}
        mode="week"
        today="2026-11-30"
        appointments={[
          {
            _id: "a1",
            name: "Pat Olson",
            service: "Home Insurance",
            date: "2026-12-02",
            time: "02:00 PM",
            status: "booked",
          },
        ]}
        closures={[
          { date: "2026-12-01", from: null, to: null, reason: "Staff training" },
          { date: "2026-12-02", from: "01:00 PM", to: "03:00 PM", reason: "Office move" },
        ]}
        isBusy={false}
        caption="Appointments"
        onPage={() => undefined}
      />
    </MemoryRouter>,
  );
}

describe("the staff calendar's closures (issue 27 §4)", () => {
  it("names a closed day in its heading and marks its slots closed", () => {
    renderWeek();
    const heading = screen.getAllByRole("columnheader")[2] as HTMLElement;
    expect(heading.textContent).toContain("Closed: Staff training");
    const rows = screen.getAllByRole("row").slice(1);
    const tuesdayCells = rows.map((row) => row.querySelectorAll("td")[1]);
    expect(tuesdayCells.every((cell) => cell?.textContent === "Closed: Staff training")).toBe(true);
  });

  it("marks closed hours with their reason, beside an appointment already booked there", () => {
    renderWeek();
    const closedCells = screen.getAllByText("Closed: Office move");
    // 1:00 PM and 2:00 PM: the slots starting in [1:00 PM, 3:00 PM).
    expect(closedCells).toHaveLength(2);
    const twoPm = closedCells[1]?.closest("td") as HTMLElement;
    expect(within(twoPm).getByRole("link", { name: /Pat Olson/ })).toBeTruthy();
    const monday = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelectorAll("td")[0]);
    expect(monday.some((cell) => cell?.textContent?.includes("Closed"))).toBe(false);
  });
});
