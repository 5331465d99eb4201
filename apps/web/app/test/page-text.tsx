import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach } from "vitest";

// React's act() environment for the renders below, each removed after its test.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

/** The text a page shows, rendered in a router as the site renders it. */
export function textOfPage(page: ReactNode): string {
  return render(<MemoryRouter>{page}</MemoryRouter>).container.textContent ?? "";
}
