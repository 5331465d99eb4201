import type { PersonMatch } from "@agency/domain";
import { API_ENDPOINTS } from "@agency/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DashboardSearchIcon } from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { personPath, TIMELINE_VIEW, viewPath } from "../../lib/dashboard-views";
import { displayPhone, formatDateTime, plural } from "../../lib/format";

const KIND_LABELS: Record<PersonMatch["kinds"][number], string> = {
  quote: "Quote",
  contact: "Message",
  appointment: "Booking",
};

type Results =
  | { phase: "idle" }
  | { phase: "loading"; people: PersonMatch[] }
  | { phase: "ready"; people: PersonMatch[] }
  | { phase: "error" };

/** True when a key press belongs to a field the user is typing in. */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The header's one search box: finds a person by name, email or phone (any format) across
 * quotes, messages and bookings and opens their page (or, for a match with no person
 * record, their timeline). `/` or Ctrl-K (⌘K) focuses it
 * from anywhere but another field; a combobox with a listbox: arrows move, Enter opens,
 * Escape closes.
 */
export function PersonSearch({ onOpen }: { onOpen: (email: string) => void }) {
  const { call } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [results, setResults] = useState<Results>({ phase: "idle" });
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const people = results.phase === "ready" || results.phase === "loading" ? results.people : [];

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const isShortcut =
        (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey) ||
        (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey));
      if (!isShortcut || isTypingIn(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // One request once typing pauses; an answer to an older text is dropped.
  useEffect(() => {
    const q = text.trim();
    if (q === "") {
      setResults({ phase: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setResults((current) => ({
        phase: "loading",
        people: current.phase === "ready" ? current.people : [],
      }));
      call(API_ENDPOINTS.dashboard.search, { query: { q }, signal: controller.signal })
        .then((result) => {
          if (controller.signal.aborted) return;
          if (result.ok && Array.isArray(result.data?.people)) {
            setResults({ phase: "ready", people: result.data.people });
            setActive(result.data.people.length > 0 ? 0 : -1);
          } else setResults({ phase: "error" });
        })
        .catch(() => {
          // Aborted: a newer text owns the results.
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [call, text]);

  // A click elsewhere closes the list.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  const open = (person: PersonMatch | undefined) => {
    if (!person) return;
    setIsOpen(false);
    setText("");
    setActive(-1);
    inputRef.current?.blur();
    // The person's page when the match is a person (issue 27 §1): everything behind them.
    if (person.personId) void navigate(personPath(person.personId));
    else if (person.email) onOpen(person.email);
    // No email (a lead staff took by phone, decision 0063): no timeline to open, so the
    // list of its first kind, searched by the phone.
    else
      void navigate(
        `${viewPath(TIMELINE_VIEW[person.kinds[0] ?? "contact"])}?q=${encodeURIComponent(person.phone)}`,
      );
  };

  const isListShown = isOpen && text.trim() !== "" && results.phase !== "idle";
  const summary =
    results.phase === "error"
      ? "The search failed. Please try again."
      : results.phase === "ready"
        ? people.length === 0
          ? "No one found"
          : `${plural(people.length, "person", "people")} found`
        : results.phase === "loading"
          ? "Searching…"
          : "";

  return (
    <search
      ref={wrapperRef}
      className="relative order-last min-w-0 basis-full md:order-none md:max-w-sm md:flex-1 md:basis-64"
    >
      <label htmlFor={inputId} className="sr-only">
        Find a person
      </label>
      <DashboardSearchIcon className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isListShown && active >= 0 ? optionId(active) : undefined}
        aria-describedby={hintId}
        placeholder="Find a person: name, email or phone"
        value={text}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setIsOpen(true);
            if (people.length === 0) return;
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current) => (current + step + people.length) % people.length);
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (isListShown) open(people[active] ?? people[0]);
          } else if (event.key === "Escape") {
            // Closes the list first; a second Escape clears the box.
            if (isListShown) {
              event.preventDefault();
              setIsOpen(false);
            } else if (text) {
              event.preventDefault();
              setText("");
            }
          }
        }}
        className="min-h-11 w-full rounded-md border border-slate-400 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500"
      />
      <span id={hintId} className="sr-only">
        Type a name, email or phone number; press slash or Control K to come back here.
      </span>
      <p role="status" className="sr-only">
        {isListShown ? summary : ""}
      </p>
      <div
        hidden={!isListShown}
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200"
      >
        {/* Focus stays in the combobox (aria-activedescendant); the options are not tab stops. */}
        <div
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label="People found"
          className="max-h-96 overflow-y-auto"
        >
          {people.map((person, index) => (
            // Keyboard use goes through the combobox; a click or tap opens the person too.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={person.personId || person.email || `phone:${person.phone}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onClick={() => open(person)}
              onPointerMove={() => setActive(index)}
              className={cn(
                "cursor-pointer border-b border-slate-100 px-3 py-2 text-sm last:border-b-0",
                index === active ? "bg-brand-50" : "bg-white",
              )}
            >
              <span className="block font-semibold text-navy-900">{person.name}</span>
              <span className="block text-slate-700">
                <span className="break-all">{person.email || "No email"}</span> ·{" "}
                <span className="whitespace-nowrap">{displayPhone(person.phone)}</span>
              </span>
              <span className="block text-xs text-slate-600">
                {person.kinds.map((kind) => KIND_LABELS[kind]).join(", ")} · latest{" "}
                {formatDateTime(person.latestAt)}
              </span>
            </div>
          ))}
        </div>
        {summary && (results.phase !== "ready" || people.length === 0) ? (
          <p className="px-3 py-2 text-sm text-slate-700">{summary}</p>
        ) : null}
        {/* Beyond the few the box shows: the People list, searched the same way. */}
        <Link
          to={`${viewPath("people")}?q=${encodeURIComponent(text.trim())}`}
          onClick={() => {
            setIsOpen(false);
            setText("");
          }}
          className="flex min-h-11 items-center border-t border-slate-200 px-3 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:bg-slate-50 hover:text-brand-800"
        >
          All people matching “{text.trim()}”
        </Link>
      </div>
    </search>
  );
}
