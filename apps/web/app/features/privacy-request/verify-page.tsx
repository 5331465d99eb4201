import {
  API_ENDPOINTS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_MESSAGES,
  type PrivacyRequestKind,
} from "@agency/domain";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { callRoute, errorText } from "../../lib/api";
import { formatFullDay } from "../../lib/format";

type VerifyState =
  | { status: "checking" }
  | { status: "verified"; kind: string; dueOn: string }
  | { status: "failed"; expired: boolean; message: string };

/**
 * The page of the emailed link (`/privacy/verify/:token`): it confirms the request once,
 * after hydration (a prerender or a link preview never does), and says what happens next.
 */
export function PrivacyVerifyPage({ token }: { token: string }) {
  const [state, setState] = useState<VerifyState>({ status: "checking" });
  const isSent = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isSent.current) return;
    isSent.current = true;
    void (async () => {
      const result = await callRoute(API_ENDPOINTS.privacyRequests.verify, { body: { token } });
      if (result.ok) {
        setState({ status: "verified", ...result.data.data });
      } else {
        setState({
          status: "failed",
          expired: result.status === 410,
          message: errorText(result, PRIVACY_REQUEST_MESSAGES.linkNotFound),
        });
      }
    })();
  }, [token]);

  useEffect(() => {
    if (state.status !== "checking") headingRef.current?.focus();
  }, [state.status]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      {state.status === "checking" ? (
        <p role="status" className="text-lg text-slate-700">
          Confirming your request…
        </p>
      ) : state.status === "verified" ? (
        <section aria-labelledby="privacy-verify-heading">
          <h1
            id="privacy-verify-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-bold text-navy-900 focus:outline-none"
          >
            Request confirmed
          </h1>
          <p className="mt-4 text-lg text-slate-700">{PRIVACY_REQUEST_MESSAGES.verified}</p>
          <p className="mt-2 text-lg text-slate-700">
            Your request: “
            {PRIVACY_REQUEST_KIND_LABELS[state.kind as PrivacyRequestKind] ?? state.kind}”.{" "}
            {PRIVACY_REQUEST_MESSAGES.verifiedNext} {formatFullDay(state.dueOn)}.
          </p>
        </section>
      ) : (
        <section aria-labelledby="privacy-verify-heading">
          <h1
            id="privacy-verify-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-bold text-navy-900 focus:outline-none"
          >
            {state.expired ? "This link has expired" : "This link does not work"}
          </h1>
          <p role="alert" className="mt-4 text-lg text-slate-700">
            {state.message}
          </p>
          <Link
            to="/privacy#your-choices"
            className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Send a new request
          </Link>
        </section>
      )}
    </div>
  );
}
