import { API_ENDPOINTS, type ServiceRecord } from "@agency/domain";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { leadPath } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import { StatusPill } from "../lead";
import { DueBy, serviceKindLabel } from "./service-text";

type State =
  | { phase: "loading" }
  | { phase: "ready"; requests: ServiceRecord[] }
  | { phase: "error"; message: string };

/**
 * A person's Client Center requests on their page (issue 29 §2), newest first: reference
 * (a link to the request's page), kind, status and due by.
 */
export function PersonRequestsPanel({ personId, owner }: { personId: string; owner: string }) {
  const { call } = useAuth();
  const headingId = useId();
  const [state, setState] = useState<State>({ phase: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.service.ofPerson, { params: { id: personId }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { phase: "ready", requests: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, personId]);

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5"
    >
      <h3 id={headingId} className="mb-3 text-lg font-bold text-navy-900">
        Service requests
      </h3>
      <div aria-live="polite">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading requests…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The requests could not be loaded: {state.message}
          </p>
        ) : state.requests.length === 0 ? (
          <p className="text-sm text-slate-700">No service requests.</p>
        ) : (
          <ul aria-label={`Service requests of ${owner}`} className="space-y-2">
            {state.requests.map((request) => (
              <li
                key={request._id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
              >
                <span className="min-w-0">
                  <Link
                    to={leadPath("service", request._id)}
                    className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {request.reference}
                  </Link>{" "}
                  <span className="text-slate-800">{serviceKindLabel(request.kind)}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-slate-700">
                  <StatusPill status={request.status} />
                  <span>
                    Due <DueBy dueOn={request.dueOn} status={request.status} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
