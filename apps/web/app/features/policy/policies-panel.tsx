import { API_ENDPOINTS, can, type PolicyRecord } from "@agency/domain";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { silentFailureText } from "../../lib/format";
import { ISSUE_POLICY_PARAM } from "./choose-policyholder";
import { IssuePolicyForm } from "./issue-policy-form";
import { PolicyList } from "./policy-list";

type State =
  | { phase: "loading" }
  | { phase: "ready"; policies: PolicyRecord[] }
  | { phase: "error"; message: string };

/** The person page's Policies card (issue 28 §1): their policies, and Issue policy. */
export function PoliciesPanel({ personId, owner }: { personId: string; owner: string }) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const headingId = useId();
  const [state, setState] = useState<State>({ phase: "loading" });
  const [searchParams, setSearchParams] = useSearchParams();
  // Opened from the overview's Issue Policy (ChoosePolicyholder): the form is open at once.
  const [isIssuing, setIsIssuing] = useState(
    () => searchParams.get(ISSUE_POLICY_PARAM) === "policy" && can(user, "leads.work"),
  );
  const issueButtonRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const openedFromAddress = useRef(isIssuing);
  useEffect(() => {
    if (!openedFromAddress.current) return;
    openedFromAddress.current = false;
    const form = formRef.current;
    form?.scrollIntoView({ block: "start" });
    form?.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
  }, []);

  const load = useCallback(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.policies.ofPerson, { params: { id: personId }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { phase: "ready", policies: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, personId]);
  useEffect(load, [load]);

  const closeForm = () => {
    setIsIssuing(false);
    if (searchParams.has(ISSUE_POLICY_PARAM)) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ISSUE_POLICY_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
    window.setTimeout(() => issueButtonRef.current?.focus(), 0);
  };
  const replace = (policy: PolicyRecord) =>
    setState((current) =>
      current.phase === "ready"
        ? {
            ...current,
            policies: current.policies.map((p) => (p._id === policy._id ? policy : p)),
          }
        : current,
    );

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold text-navy-900">
          Policies
        </h3>
        {can(user, "leads.work") && !isIssuing ? (
          <button
            ref={issueButtonRef}
            type="button"
            className={secondaryButtonClass}
            onClick={() => setIsIssuing(true)}
          >
            Issue policy<span className="sr-only"> for {owner}</span>
          </button>
        ) : null}
      </div>
      {isIssuing ? (
        <div ref={formRef} className="mb-4 scroll-mt-24">
          <IssuePolicyForm
            source={{ personId }}
            owner={owner}
            onCancel={closeForm}
            onIssued={(policy) => {
              setState((current) => ({
                phase: "ready",
                policies: [policy, ...(current.phase === "ready" ? current.policies : [])],
              }));
              showToast(`Policy ${policy.policyNumber} issued.`);
              closeForm();
            }}
          />
        </div>
      ) : null}
      <div aria-live="polite">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading policies…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The policies could not be loaded: {state.message}
          </p>
        ) : state.policies.length === 0 ? (
          <p className="text-sm text-slate-700">No policies yet.</p>
        ) : (
          <>
            <ClientNote policies={state.policies} />
            <PolicyList
              policies={state.policies}
              onChanged={replace}
              onRenewed={(next, renewedId) => {
                setState((current) =>
                  current.phase === "ready"
                    ? {
                        ...current,
                        policies: [
                          next,
                          ...current.policies.map((p) =>
                            p._id === renewedId
                              ? {
                                  ...p,
                                  status: "renewed" as const,
                                  renewalState: "renewed" as const,
                                }
                              : p,
                          ),
                        ],
                      }
                    : current,
                );
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** A person with an active policy is a client (issue 28 §1). */
function ClientNote({ policies }: { policies: readonly PolicyRecord[] }) {
  const active = policies.filter((policy) => policy.status === "active").length;
  return (
    <p className="mb-3 text-sm text-slate-800">
      {active > 0 ? (
        <>
          <span className="font-semibold text-navy-900">Client</span>: {active} active{" "}
          {active === 1 ? "policy" : "policies"}
        </>
      ) : (
        "Not a client now: no active policy"
      )}
    </p>
  );
}
