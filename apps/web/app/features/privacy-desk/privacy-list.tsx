import {
  API_ENDPOINTS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestList,
  type PrivacyRequestListQuery,
} from "@agency/domain";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { privacyRequestPath } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { EmptyState, ErrorPanel, LoadingState, PAGE_SIZE, Pager } from "../lead";
import { PrivacyDueDate, privacyKindLabel, privacyStatusLabel } from "./privacy-text";

const SORTS = [
  { value: "due", label: "Due date, soonest first" },
  { value: "date:desc", label: "Received, newest first" },
  { value: "date", label: "Received, oldest first" },
] as const;

const controlClass =
  "min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900";
const labelClass = "block text-sm font-semibold text-navy-900";

type LoadState =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "loaded"; answer: PrivacyRequestList };

/** The list's query from the address (`?q=&status=&kind=&overdue=&sort=&offset=`). */
export function listQueryOf(params: URLSearchParams): PrivacyRequestListQuery {
  const query: PrivacyRequestListQuery = { limit: PAGE_SIZE };
  const q = params.get("q");
  if (q) query.q = q;
  const status = params.get("status");
  if (status && (PRIVACY_REQUEST_STATUSES as readonly string[]).includes(status)) {
    query.status = status as PrivacyRequestListQuery["status"];
  }
  const kind = params.get("kind");
  if (kind && (PRIVACY_REQUEST_KINDS as readonly string[]).includes(kind)) {
    query.kind = kind as PrivacyRequestListQuery["kind"];
  }
  if (params.get("overdue") === "true") query.overdue = "true";
  const sort = params.get("sort");
  if (sort && SORTS.some((option) => option.value === sort)) {
    query.sort = sort as PrivacyRequestListQuery["sort"];
  }
  const offset = Number(params.get("offset"));
  if (Number.isInteger(offset) && offset > 0) query.offset = offset;
  return query;
}

/**
 * Privacy requests (issue 30 §2): verified requests only, soonest due first, searched by
 * name or email and filtered by status, kind and overdue; the state lives in the address.
 */
export function PrivacyRequestsView() {
  const { call } = useAuth();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState(params.get("q") ?? "");
  const key = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: a new one loads again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    const query = listQueryOf(new URLSearchParams(key));
    void call(API_ENDPOINTS.privacyRequests.list, { query, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { status: "loaded", answer: result.data }
            : { status: "failed", message: errorText(result, silentFailureText(result)) },
        );
      },
    );
    return () => controller.abort();
  }, [call, key, attempt]);

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === "") next.delete(name);
    else next.set(name, value);
    if (name !== "offset") next.delete("offset");
    setParams(next, { replace: true });
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change("q", search.trim());
  };

  return (
    <section aria-labelledby="privacy-list-heading" className="space-y-5">
      <h2 id="privacy-list-heading" className="sr-only">
        Privacy requests
      </h2>
      <p className="max-w-3xl text-slate-700">
        Requests people confirmed by the link we emailed them. Each is due 30 business days after it
        was confirmed (Central time; weekends and federal holidays do not count).
      </p>
      <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5">
        <form onSubmit={onSearch} className="sm:col-span-2 lg:col-span-2">
          <label htmlFor="privacy-search" className={labelClass}>
            Search by name or email
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="privacy-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className={controlClass}
            />
            <button
              type="submit"
              className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              Search
            </button>
          </div>
        </form>
        <div>
          <label htmlFor="privacy-status" className={labelClass}>
            Status
          </label>
          <select
            id="privacy-status"
            value={params.get("status") ?? ""}
            onChange={(event) => change("status", event.target.value)}
            className={`mt-1 ${controlClass}`}
          >
            <option value="">All statuses</option>
            {PRIVACY_REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {privacyStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="privacy-kind" className={labelClass}>
            Request
          </label>
          <select
            id="privacy-kind"
            value={params.get("kind") ?? ""}
            onChange={(event) => change("kind", event.target.value)}
            className={`mt-1 ${controlClass}`}
          >
            <option value="">All requests</option>
            {PRIVACY_REQUEST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {privacyKindLabel(kind)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="privacy-sort" className={labelClass}>
            Sort
          </label>
          <select
            id="privacy-sort"
            value={params.get("sort") ?? "due"}
            onChange={(event) =>
              change("sort", event.target.value === "due" ? "" : event.target.value)
            }
            className={`mt-1 ${controlClass}`}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-3 font-semibold text-navy-900 sm:col-span-2 lg:col-span-5">
          <input
            type="checkbox"
            checked={params.get("overdue") === "true"}
            onChange={(event) => change("overdue", event.target.checked ? "true" : "")}
            className="size-5"
          />
          Only overdue requests
        </label>
      </div>
      {state.status === "loading" ? (
        <LoadingState label="Loading privacy requests…" />
      ) : state.status === "failed" ? (
        <ErrorPanel
          title="The privacy requests could not be loaded"
          message={state.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : state.answer.data.length === 0 ? (
        <EmptyState title="No privacy requests">
          {key === ""
            ? "Requests people send from the privacy page appear here once they confirm them."
            : "No request matches this search or these filters."}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Privacy requests" className="space-y-3">
            {state.answer.data.map((request) => (
              <li
                key={request._id}
                className="grid gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_2fr_1fr_1.5fr] md:items-center"
              >
                <div className="min-w-0">
                  <Link
                    to={privacyRequestPath(request._id)}
                    className="inline-flex min-h-11 items-center font-semibold wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {request.name}
                  </Link>
                  <p className="text-sm wrap-anywhere text-slate-600">{request.email}</p>
                </div>
                <div>
                  <p className="font-medium text-navy-900">{privacyKindLabel(request.kind)}</p>
                  <p className="text-sm text-slate-600">
                    Confirmed {formatDateTime(request.verifiedAt)}
                  </p>
                </div>
                <p>
                  <span className="sr-only">Status: </span>
                  {privacyStatusLabel(request.status)}
                </p>
                <p>
                  <span className="text-sm text-slate-600">Due </span>
                  <PrivacyDueDate dueOn={request.dueOn} overdue={request.overdue} />
                </p>
              </li>
            ))}
          </ul>
          <Pager
            offset={state.answer.offset}
            total={state.answer.total}
            label="Privacy requests"
            onChange={(offset) => change("offset", offset === 0 ? "" : String(offset))}
          />
        </>
      )}
    </section>
  );
}
