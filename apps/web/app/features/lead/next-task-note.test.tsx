import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NextTaskNote } from "./next-task-note";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

// Thursday March 5, 2026, noon in Chicago; the lead came in on Tuesday morning.
const NOW = new Date("2026-03-05T18:00:00Z");
const lead = (extra: { status?: string; nextTaskAt?: string | null; createdAt?: string } = {}) => ({
  status: "new",
  createdAt: "2026-03-03T16:00:00.000Z",
  nextTaskAt: null,
  ...extra,
});

describe("a lead's next task in a list", () => {
  it("shows when the next task is due, and says so once it is overdue", () => {
    render(<NextTaskNote lead={lead({ nextTaskAt: "2026-03-05T21:00:00.000Z" })} now={NOW} />);
    expect(screen.getByText(/Next task/).textContent).toBe("Next task: Mar 5, 2026, 3:00 PM CST");
    cleanup();
    render(<NextTaskNote lead={lead({ nextTaskAt: "2026-03-05T15:00:00.000Z" })} now={NOW} />);
    expect(screen.getByText(/Task overdue/)).toBeTruthy();
  });

  it("flags a new lead with no task a business day on as untouched, and nothing else", () => {
    render(<NextTaskNote lead={lead()} now={NOW} />);
    expect(screen.getByText("Untouched")).toBeTruthy();
    cleanup();
    const { container } = render(<NextTaskNote lead={lead({ status: "contacted" })} now={NOW} />);
    expect(container.textContent).toBe("");
    cleanup();
    const fresh = render(
      <NextTaskNote lead={lead({ createdAt: "2026-03-05T16:00:00.000Z" })} now={NOW} />,
    );
    expect(fresh.container.textContent).toBe("");
  });
});
