import { API_ENDPOINTS } from "@agency/domain";
import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../lib/auth";
import { type StubReply, stubFetch } from "../../test/stub-fetch";
import {
  type ListDefaults,
  listQuery,
  PAGE_SIZE,
  pageOf,
  readListParams,
  useLeadList,
  writeListParams,
} from "./use-lead-list";

/** The list route's answers, one call per request (the network is a stubbed fetch). */
const request = vi.fn<() => StubReply | Promise<StubReply>>();
let server: ReturnType<typeof stubFetch>;

type Lead = { _id: string; name: string };
const ENDPOINT = API_ENDPOINTS.contacts.list;
const ok = (body: unknown): StubReply => ({ status: 200, body });
const page = (count: number, total: number, from = 0) =>
  ok({
    total,
    contacts: Array.from({ length: count }, (_, i) => ({ _id: `c${from + i}`, name: `N${i}` })),
  });

const DEFAULTS: ListDefaults = { q: "", sort: "date:desc", status: "" };
const CHOICES = { sorts: ["date:desc", "date:asc", "name:asc"], statuses: ["new", "won"] };

/** The hook inside a router at `url`, with the address and Back / Forward beside it. */
function setup(url = "/dashboard/contacts") {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      MemoryRouter,
      { initialEntries: [url] },
      createElement(AuthProvider, null, children),
    );
  const rendered = renderHook(
    () => ({
      ...useLeadList<Lead>({
        load: async (call, query, signal) =>
          pageOf(
            await call(ENDPOINT, { query, signal }),
            (answer) => answer.contacts as unknown as Lead[],
          ),
        initial: DEFAULTS,
        choices: CHOICES,
      }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
  return rendered;
}
/** The query string of the nth list request. */
const queryOf = (call: number) =>
  server.requestsTo(ENDPOINT)[call]?.url.searchParams ?? new URLSearchParams();

beforeEach(() => {
  request.mockReset();
  server = stubFetch();
  server.on(ENDPOINT, () => request());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("listQuery", () => {
  it("pages, trims the search and leaves out what is empty", () => {
    expect(listQuery({ q: "  olson ", sort: "name", status: "", offset: 50 }, true)).toEqual({
      limit: PAGE_SIZE,
      offset: 50,
      q: "olson",
      sort: "name",
    });
    expect(listQuery({ q: " ", sort: "", status: "new" }, true)).toEqual({
      limit: PAGE_SIZE,
      offset: 0,
      status: "new",
    });
  });

  it("has no paging for an export", () => {
    expect(listQuery({ q: "a&b", sort: "email", offset: 75 }, false)).toEqual({
      q: "a&b",
      sort: "email",
    });
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
    expect(server.requestsTo(ENDPOINT)).toHaveLength(1);
    expect(Object.fromEntries(queryOf(0))).toEqual({
      limit: String(PAGE_SIZE),
      offset: "0",
      sort: "date:desc",
    });
  });

  it("a new search starts again at the first page and keeps the old page on screen meanwhile", async () => {
    request.mockResolvedValue(page(2, 40));
    const { result } = setup();
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    act(() => result.current.update({ offset: 25 }));
    await waitFor(() => expect(queryOf(1).get("offset")).toBe("25"));
    let answer: (value: StubReply) => void = () => {};
    request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    act(() => result.current.update({ q: "olson" }));
    expect(result.current.state).toMatchObject({ phase: "loading", total: 40 });
    expect(result.current.state.items).toHaveLength(2);
    expect(Object.fromEntries(queryOf(2))).toMatchObject({ q: "olson", offset: "0" });
    await act(async () => answer(page(1, 1)));
    expect(result.current.state).toMatchObject({ phase: "ready", total: 1 });
  });

  it("drops an answer that arrives after a newer request", async () => {
    const answers: Array<(value: StubReply) => void> = [];
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
    request.mockResolvedValueOnce({ status: 500, body: { success: false, error: "Boom" } });
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

describe("the list state in the address", () => {
  it("reads an address, falling back to the default for what is missing or not offered", () => {
    const read = (query: string) => readListParams(new URLSearchParams(query), DEFAULTS, CHOICES);
    expect(read("")).toEqual({ q: "", sort: "date:desc", status: "", offset: 0 });
    expect(read("q=Mar%C3%ADa+Ali&sort=name:asc&status=won&page=3")).toEqual({
      q: "María Ali",
      sort: "name:asc",
      status: "won",
      offset: 2 * PAGE_SIZE,
    });
    for (const page of ["0", "-1", "1.5", "x", "", "1e3", "99999999999"]) {
      expect(read(`page=${page}`).offset, page).toBe(0);
    }
    expect(read("page=9999999").offset).toBe(9_999_975);
    expect(read("sort=constructor&status=__proto__")).toMatchObject({
      sort: "date:desc",
      status: "",
    });
    expect(read(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("reads the Received filter: a preset, or else a valid range of days", () => {
    const read = (query: string) => readListParams(new URLSearchParams(query), DEFAULTS, CHOICES);
    expect(read("received=this-week")).toMatchObject({ received: "this-week" });
    expect(read("archived=true")).toMatchObject({ archived: "true" });
    expect(read("archived=yes")).not.toHaveProperty("archived");
    expect(read("assigned=me")).toMatchObject({ assigned: "me" });
    expect(read("assigned=none")).toMatchObject({ assigned: "none" });
    expect(read("assigned=someone")).not.toHaveProperty("assigned");
    expect(
      writeListParams(
        new URLSearchParams(),
        { ...DEFAULTS, offset: 0, assigned: "me" },
        DEFAULTS,
      ).toString(),
    ).toBe("assigned=me");
    expect(read("received=this-week&from=2026-01-01")).not.toHaveProperty("from");
    expect(read("from=2026-01-01&to=2026-01-31")).toMatchObject({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(read("received=yesterday&from=2026-02-30")).not.toHaveProperty("from");
    expect(read("received=yesterday")).not.toHaveProperty("received");
    // The end before the start: the server would refuse it, so the list ignores it.
    expect(read("from=2026-02-01&to=2026-01-01")).toEqual(read(""));
    const written = writeListParams(
      new URLSearchParams(),
      { ...DEFAULTS, offset: 0, from: "2026-01-01", to: "2026-01-31" },
      DEFAULTS,
    );
    expect(written.toString()).toBe("from=2026-01-01&to=2026-01-31");
  });

  it("reads only the filters a list offers: the people list's `has`, not a lead list's four", () => {
    const people = { sorts: ["latest:desc", "name:asc"], statuses: [], filters: ["has"] as const };
    const defaults: ListDefaults = { q: "", sort: "latest:desc", status: "" };
    const read = (query: string) => readListParams(new URLSearchParams(query), defaults, people);
    expect(read("has=quote&q=lee")).toEqual({
      q: "lee",
      sort: "latest:desc",
      status: "",
      offset: 0,
      has: "quote",
    });
    expect(read("has=policy")).not.toHaveProperty("has");
    expect(read("status=new&archived=true&assigned=me&received=today&from=2026-01-01")).toEqual(
      read(""),
    );
    // A lead list takes no `has`.
    expect(readListParams(new URLSearchParams("has=quote"), DEFAULTS, CHOICES)).not.toHaveProperty(
      "has",
    );
    const written = writeListParams(
      new URLSearchParams(),
      { ...defaults, offset: 0, has: "appointment" },
      defaults,
    );
    expect(written.toString()).toBe("has=appointment");
    expect(listQuery({ ...defaults, has: "appointment" }, false)).toEqual({
      sort: "latest:desc",
      has: "appointment",
    });
  });

  it("writes only what differs from the default and keeps parameters it does not own", () => {
    const write = (query: string, params: Parameters<typeof writeListParams>[1]) =>
      writeListParams(new URLSearchParams(query), params, DEFAULTS).toString();
    expect(write("", { ...DEFAULTS, offset: 0 })).toBe("");
    expect(write("page=4&q=old", { q: " ali ", sort: "date:desc", status: "", offset: 0 })).toBe(
      "q=ali",
    );
    expect(write("tab=notes", { q: "", sort: "name:asc", status: "new", offset: 50 })).toBe(
      "tab=notes&sort=name%3Aasc&status=new&page=3",
    );
  });

  it("round-trips: what is written reads back the same", () => {
    const params = { q: "O'Neil & Berg ☃", sort: "name:asc", status: "won", offset: 75 };
    const written = writeListParams(new URLSearchParams(), params, DEFAULTS);
    expect(readListParams(written, DEFAULTS, CHOICES)).toEqual(params);
  });

  it("opens the list an address names, and a change goes into the address", async () => {
    request.mockResolvedValue(page(25, 100));
    const { result } = setup("/dashboard/contacts?q=olson&status=new&page=2");
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    expect(Object.fromEntries(queryOf(0))).toMatchObject({
      q: "olson",
      status: "new",
      offset: "25",
    });
    act(() => result.current.update({ offset: 50 }));
    expect(result.current.location.search).toBe("?q=olson&status=new&page=3");
    await waitFor(() => expect(queryOf(1).get("offset")).toBe("50"));
    act(() => result.current.update({ status: "" }));
    expect(result.current.location.search).toBe("?q=olson");
  });

  it("Back and Forward step through list states; typing a search is one step", async () => {
    request.mockResolvedValue(page(25, 100));
    const { result } = setup();
    await waitFor(() => expect(result.current.state.phase).toBe("ready"));
    act(() => result.current.update({ offset: 25 }));
    act(() => result.current.update({ q: "ol" }));
    act(() => result.current.update({ q: "olson" }));
    expect(result.current.location.search).toBe("?q=olson");
    expect(result.current.params).toMatchObject({ q: "olson", offset: 0 });

    act(() => void result.current.navigate(-1));
    expect(result.current.location.search).toBe("?page=2");
    expect(result.current.params).toMatchObject({ q: "", offset: 25 });
    await waitFor(() =>
      expect(queryOf(server.requestsTo(ENDPOINT).length - 1).get("offset")).toBe("25"),
    );

    act(() => void result.current.navigate(-1));
    expect(result.current.location.search).toBe("");
    act(() => void result.current.navigate(1));
    act(() => void result.current.navigate(1));
    expect(result.current.params).toMatchObject({ q: "olson", offset: 0 });
  });

  it("an address past the last page is replaced by the last page that has items", async () => {
    request.mockResolvedValueOnce(page(0, 30)).mockResolvedValue(page(5, 30, 25));
    const { result } = setup("/dashboard/contacts?page=40");
    await waitFor(() => expect(result.current.location.search).toBe("?page=2"));
    await waitFor(() => expect(result.current.state).toMatchObject({ phase: "ready", total: 30 }));
    // Replaced, not added: Back does not return to the empty page.
    act(() => void result.current.navigate(-1));
    expect(result.current.location.search).toBe("?page=2");
  });
});
