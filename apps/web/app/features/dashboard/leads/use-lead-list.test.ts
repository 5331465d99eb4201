import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "../../../lib/api";
import { listQuery, PAGE_SIZE, useLeadList } from "./use-lead-list";

const request = vi.fn();
vi.mock("../../../lib/auth", () => ({ useAuth: () => ({ request }) }));

type Lead = { _id: string; name: string };
const PATH = "/api/contacts/get-all-contacts";
const ok = (data: unknown): ApiResult<unknown> => ({ ok: true, status: 200, data });
const page = (count: number, total: number, from = 0) =>
  ok({
    total,
    contacts: Array.from({ length: count }, (_, i) => ({ _id: `c${from + i}`, name: `N${i}` })),
  });

function setup() {
  return renderHook(() =>
    useLeadList<Lead>({
      path: PATH,
      pick: (body) => (body as { contacts?: Lead[] }).contacts,
      initial: { q: "", sort: "newest", status: "" },
    }),
  );
}
/** The query string of the nth list request. */
const queryOf = (call: number) =>
  new URLSearchParams(String(request.mock.calls[call]?.[1]).split("?")[1]);

beforeEach(() => {
  request.mockReset();
});

describe("listQuery", () => {
  it("pages, trims the search and leaves out what is empty", () => {
    expect(listQuery({ q: "  olson ", sort: "name", status: "", offset: 50 }, true)).toBe(
      `limit=${PAGE_SIZE}&offset=50&q=olson&sort=name`,
    );
    expect(listQuery({ q: " ", sort: "", status: "new" }, true)).toBe(
      `limit=${PAGE_SIZE}&offset=0&status=new`,
    );
  });

  it("has no paging for an export", () => {
    expect(listQuery({ q: "a&b", sort: "email", offset: 75 }, false)).toBe("q=a%26b&sort=email");
  });
});

describe("useLeadList", () => {
  it("loads the first page, then shows it with the server's total", async () => {
    request.mockResolvedValue(page(2, 40));
    const { result } = setup();
    expect(result.current.state.phase).toBe("loading");
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    expect(result.current.state).toMatchObject({
      total: 40,
      items: [{ _id: "c0" }, { _id: "c1" }],
    });
    expect(request).toHaveBeenCalledWith("GET", expect.stringMatching(`^${PATH}\\?`), {
      signal: expect.any(AbortSignal),
    });
    expect(Object.fromEntries(queryOf(0))).toEqual({
      limit: String(PAGE_SIZE),
      offset: "0",
      sort: "newest",
    });
  });

  it("a new search starts again at the first page and keeps the old page on screen meanwhile", async () => {
    request.mockResolvedValue(page(2, 40));
    const { result } = setup();
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    act(() => result.current.update({ offset: 25 }));
    await waitFor(() => expect(queryOf(1).get("offset")).toBe("25"));
    let answer: (value: unknown) => void = () => {};
    request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    act(() => result.current.update({ q: "olson" }));
    expect(result.current.state).toMatchObject({ phase: "loading", total: 40 });
    expect(result.current.state.items).toHaveLength(2);
    expect(Object.fromEntries(queryOf(2))).toMatchObject({ q: "olson", offset: "0" });
    await act(async () => answer(page(1, 1)));
    expect(result.current.state).toMatchObject({ phase: "ready", total: 1 });
  });

  it("drops an answer that arrives after a newer request", async () => {
    const answers: Array<(value: unknown) => void> = [];
    request.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const { result } = setup();
    act(() => result.current.update({ q: "newer" }));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]?.(page(1, 1, 100)));
    await act(async () => answers[0]?.(page(2, 40)));
    expect(result.current.state).toMatchObject({
      phase: "ready",
      total: 1,
      items: [{ _id: "c100" }],
    });
  });

  it("reports a failed request and an answer of the wrong shape", async () => {
    const failure = {
      ok: false,
      status: 500,
      error: "Boom",
      message: undefined,
      errors: [],
      retryAfterSeconds: undefined,
    };
    request.mockResolvedValueOnce(failure);
    const { result } = setup();
    await waitFor(() => expect(result.current.state.phase).toBe("error"));
    expect(result.current.state).toMatchObject({ failure, reason: "" });

    request.mockResolvedValueOnce(ok({ total: 3 }));
    act(() => result.current.reload());
    await waitFor(() =>
      expect(result.current.state).toMatchObject({
        phase: "error",
        failure: null,
        reason: "Unexpected data format",
      }),
    );
  });

  it("steps back to the last page that has items when a delete empties the current one", async () => {
    request.mockResolvedValue(page(1, 51, 50));
    const { result } = setup();
    act(() => result.current.update({ offset: 50 }));
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    // The one lead on page 3 was deleted: the reload finds the page empty, 50 left.
    request.mockResolvedValueOnce(page(0, 50)).mockResolvedValueOnce(page(25, 50, 25));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.params.offset).toBe(25));
    await waitFor(() => expect(result.current.state).toMatchObject({ phase: "ready", total: 50 }));
  });

  it("patches one item in place", async () => {
    request.mockResolvedValue(page(2, 2));
    const { result } = setup();
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    act(() => result.current.patchItem("c1", { name: "Renamed" }));
    expect(result.current.state.items.map((item) => item.name)).toEqual(["N0", "Renamed"]);
  });
});
