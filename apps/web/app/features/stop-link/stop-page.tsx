import {
  API_ENDPOINTS,
  STOP_LINK_MESSAGES,
  STOP_LINK_TEXT,
  STOP_RESULTS,
  type StopResult,
  stopApiPath,
  stopResultMessage,
} from "@agency/domain";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "../../components/form-controls";
import { PageHeading } from "../../components/page-heading";
import { callRoute } from "../../lib/api";

type State = { status: "working" } | { status: "done" } | { status: "refused"; message: string };

function stateOf(result: StopResult): State {
  return result === "done"
    ? { status: "done" }
    : { status: "refused", message: stopResultMessage(result) };
}

/**
 * The page a stop link opens (decision 0081). It records the request once, after scripts
 * ran (a link scanner's GET changes nothing); without scripts the server's page carries a
 * one-button form posting to the API, which sends the browser back here with `?result=`.
 */
export function StopPage({ token, result }: { token: string; result: string | null }) {
  const answered = STOP_RESULTS.find((r) => r === result);
  const [state, setState] = useState<State>(answered ? stateOf(answered) : { status: "working" });
  const hasPosted = useRef(false);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answered || hasPosted.current) return;
    hasPosted.current = true;
    if (token === "") {
      setState(stateOf("invalid"));
      return;
    }
    callRoute(API_ENDPOINTS.stopLink.stop, { params: { token }, body: {}, retries: 1 }).then(
      (answer) => {
        if (answer.ok) setState({ status: "done" });
        else if (answer.status === 404) setState(stateOf("invalid"));
        else if (answer.status === 409) setState(stateOf("replayed"));
        else setState({ status: "refused", message: STOP_LINK_MESSAGES.failed });
      },
      () => setState({ status: "refused", message: STOP_LINK_MESSAGES.failed }),
    );
  }, [answered, token]);

  useEffect(() => {
    if (state.status !== "working") outcomeRef.current?.focus();
  }, [state.status]);

  return (
    <>
      <PageHeading title={STOP_LINK_TEXT.title} />
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        {state.status === "working" && (
          <div className="mt-6 space-y-4">
            <p className="text-lg text-slate-800" aria-live="polite">
              {STOP_LINK_TEXT.working}
            </p>
            {/* If the automatic request cannot run, the person can still ask. */}
            <form method="post" action={stopApiPath(encodeURIComponent(token))}>
              <button
                type="submit"
                className="inline-flex min-h-12 items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                {STOP_LINK_TEXT.button}
              </button>
            </form>
          </div>
        )}
        {state.status === "done" && (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-lg text-emerald-950"
          >
            {STOP_LINK_MESSAGES.done}
          </div>
        )}
        {state.status === "refused" && (
          <div className="mt-6">
            <FormAlert focusRef={outcomeRef} takesFocus offersPhone>
              {state.message}
            </FormAlert>
          </div>
        )}
      </div>
    </>
  );
}
