import { API_ENDPOINTS, formatPhone, type Person } from "@agency/domain";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { inputClass, secondaryButtonClass } from "../../components/control-classes";
import { CloseIcon } from "../../components/icons/index";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { personPath } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";

/** How many people a search offers; more: type more of the name. */
const CHOICES = 8;

/** The person page's address that opens with the Issue policy form (PoliciesPanel reads it). */
export const ISSUE_POLICY_PARAM = "issue";
export function issuePolicyPath(personId: string): string {
  return `${personPath(personId)}?${ISSUE_POLICY_PARAM}=policy`;
}

const fullName = (person: Pick<Person, "firstName" | "lastName">) =>
  `${person.firstName} ${person.lastName}`.trim() || "(no name)";

/**
 * The overview's Issue Policy quick action (issue 28 §1: it "asks for the person"): a dialog
 * that finds the person by name, email or phone; choosing one opens their page with the
 * Issue policy form open. `children` renders the opener with the quick action's look.
 */
export function ChoosePolicyholder({ children }: { children: (open: () => void) => ReactNode }) {
  const { call } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [q, setQ] = useState("");
  const [results, setResults] = useState<{ people: Person[]; total: number } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const titleId = useId();
  const searchId = useId();
  const errorId = useId();
  const hintId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setIsOpen(false);
    setQ("");
    setResults(null);
    setError(undefined);
  };

  async function search(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    if (q.trim() === "") {
      setError("Type a name, email or phone to find the person");
      searchRef.current?.focus();
      return;
    }
    setIsBusy(true);
    setError(undefined);
    const result = await call(API_ENDPOINTS.people.list, {
      query: { q, limit: CHOICES, sort: "name" },
    });
    setIsBusy(false);
    if (!result.ok) {
      setResults(null);
      setError(errorText(result, silentFailureText(result)));
      return;
    }
    setResults({ people: result.data.data, total: result.data.total });
  }

  return (
    <>
      {children(() => setIsOpen(true))}
      {isOpen ? (
        <Modal labelledBy={titleId} onClose={close} initialFocusRef={searchRef}>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
            <h2 id={titleId} className="text-lg font-bold text-navy-900">
              Issue a policy: for whom?
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="flex size-11 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <div className="space-y-4 p-5">
            <search>
              <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 grow">
                  <label htmlFor={searchId} className="block text-sm font-semibold text-slate-700">
                    Find the person (name, email or phone)
                  </label>
                  <input
                    ref={searchRef}
                    id={searchId}
                    type="search"
                    value={q}
                    onChange={(event) => setQ(event.target.value)}
                    aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                    aria-invalid={error ? true : undefined}
                    className={inputClass}
                  />
                </div>
                <button
                  type="submit"
                  aria-disabled={isBusy || undefined}
                  className={secondaryButtonClass}
                >
                  Search
                </button>
              </form>
            </search>
            <p id={hintId} className="text-sm text-slate-700">
              Someone new? Add their lead first (Contacts, or the quote form), then issue from it.
            </p>
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">
                {error}
              </p>
            ) : null}
            {results ? (
              results.people.length === 0 ? (
                <p role="status" className="text-sm text-slate-700">
                  No one matches “{q.trim()}”.
                </p>
              ) : (
                <div>
                  <p role="status" className="text-sm text-slate-700">
                    {results.total > results.people.length
                      ? `The first ${results.people.length} of ${results.total} matches: type more to narrow them.`
                      : results.total === 1
                        ? "1 match."
                        : `${results.total} matches.`}
                  </p>
                  <ul className="mt-2 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
                    {results.people.map((person) => (
                      <li key={person._id}>
                        <Link
                          to={issuePolicyPath(person._id)}
                          className="flex min-h-11 flex-col justify-center px-3 py-2 wrap-anywhere hover:bg-slate-50"
                        >
                          <span className="font-semibold text-brand-700 underline">
                            {fullName(person)}
                          </span>
                          <span className="text-sm text-slate-700">
                            {[person.email, person.phone ? formatPhone(person.phone) : ""]
                              .filter(Boolean)
                              .join(" · ") || "No email or phone"}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )
            ) : null}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
