import type { PolicyLeadKind, PolicyRecord } from "@agency/domain";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { useDashboard } from "../../lib/dashboard-context";
import { personPath } from "../../lib/dashboard-views";
import { IssuePolicyForm } from "./issue-policy-form";

/**
 * "Issue policy" in a lead's work area (issue 28 §1): the policy is the lead's person's,
 * and the lead is marked Won with it. Shown for a lead that is not lost.
 */
export function IssuePolicyPanel({
  lead,
  owner,
  onIssued,
}: {
  lead: { kind: PolicyLeadKind; id: string };
  /** Whose lead ("Ann Tester's quote"). */
  owner: string;
  onIssued: (policy: PolicyRecord) => void;
}) {
  const { showToast } = useDashboard();
  const headingId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [issued, setIssued] = useState<PolicyRecord | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setIsOpen(false);
    window.setTimeout(() => buttonRef.current?.focus(), 0);
  };
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={headingId} className="text-sm font-bold tracking-wide text-navy-800 uppercase">
          Policy
        </h4>
        {!isOpen ? (
          <button
            ref={buttonRef}
            type="button"
            className={secondaryButtonClass}
            onClick={() => setIsOpen(true)}
          >
            Issue policy<span className="sr-only"> from {owner}</span>
          </button>
        ) : null}
      </div>
      {issued && !isOpen ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          Policy {issued.policyNumber} issued.{" "}
          {issued.personId ? (
            <Link
              to={personPath(issued.personId)}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              See {issued.holderName}'s policies
            </Link>
          ) : null}
        </p>
      ) : null}
      {isOpen ? (
        <div className="mt-3">
          <IssuePolicyForm
            source={{ lead }}
            owner={owner}
            defaultLine={lead.kind === "quote" ? "auto" : "home"}
            onCancel={close}
            onIssued={(policy) => {
              setIssued(policy);
              showToast(`Policy ${policy.policyNumber} issued; the lead is Won.`);
              close();
              onIssued(policy);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
