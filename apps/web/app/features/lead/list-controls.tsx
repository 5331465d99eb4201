import {
  ARCHIVE_TEXT,
  can,
  MAX_LIST_SEARCH,
  PERSON_LEAD_TYPES,
  type PersonLeadType,
  RECEIVED_LABELS,
  RECEIVED_MESSAGES,
  RECEIVED_PRESETS,
  type ReceivedPreset,
} from "@agency/domain";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import {
  ArchiveIcon,
  DashboardRefreshIcon,
  DashboardSearchIcon,
  DownloadIcon,
} from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { statusLabel } from "./status-label";

export {
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";

/** A search box that tells the list only after typing pauses (one request, not one per key). */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastSent = useRef(value);

  // An outside change (Clear Search) replaces what is typed.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = window.setTimeout(() => {
      // Enter may have sent this text meanwhile: never send the same text twice.
      if (text === lastSent.current) return;
      lastSent.current = text;
      onSearchRef.current(text);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="min-w-0 flex-1 basis-56">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <div className="relative">
        <DashboardSearchIcon className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // The pause may have sent this text already: never send the same text twice.
            if (event.key === "Enter" && text !== lastSent.current) {
              lastSent.current = text;
              onSearchRef.current(text);
            }
          }}
          maxLength={MAX_LIST_SEARCH}
          autoComplete="off"
          className={cn(inputClass, "pl-10")}
        />
      </div>
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("min-w-0", className)}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClass, "cursor-pointer pr-8")}
      >
        {children}
      </select>
    </div>
  );
}

export function StatusFilter({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField label="Status" value={value} onChange={onChange} className="min-w-40 basis-40">
      <option value="">All statuses</option>
      {statuses.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </SelectField>
  );
}

type ReceivedValue = { received?: ReceivedPreset | ""; from?: string; to?: string };

/**
 * When leads arrived, on the agency's (Central) calendar: any time, a preset, or a custom
 * range of days. A range is sent once both ends make sense; until then the field says why.
 */
export function ReceivedFilter({
  value,
  onChange,
}: {
  value: ReceivedValue;
  onChange: (value: Required<ReceivedValue>) => void;
}) {
  const isRangeOn = Boolean(value.from || value.to);
  const [isCustom, setIsCustom] = useState(isRangeOn);
  const [from, setFrom] = useState(value.from ?? "");
  const [to, setTo] = useState(value.to ?? "");
  const errorId = useId();
  const fromId = useId();
  const toId = useId();
  const problem = from && to && from > to ? RECEIVED_MESSAGES.order : "";

  // An outside change (Clear Search) empties the range too.
  useEffect(() => {
    if (!value.received && !value.from && !value.to) {
      setFrom("");
      setTo("");
      setIsCustom(false);
    }
  }, [value.received, value.from, value.to]);

  const choose = (choice: string) => {
    if (choice === "custom") {
      setIsCustom(true);
      if (!problem && (from || to)) onChange({ received: "", from, to });
      return;
    }
    setIsCustom(false);
    onChange({ received: choice as ReceivedPreset | "", from: "", to: "" });
  };
  const changeRange = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom && nextTo && nextFrom > nextTo) return;
    onChange({ received: "", from: nextFrom, to: nextTo });
  };

  return (
    <div className="flex min-w-0 flex-wrap items-end gap-3">
      <SelectField
        label="Received"
        value={isCustom ? "custom" : (value.received ?? "")}
        onChange={choose}
        className="min-w-44 basis-44"
      >
        <option value="">Any time</option>
        {RECEIVED_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {RECEIVED_LABELS[preset]}
          </option>
        ))}
        <option value="custom">{RECEIVED_LABELS.custom}</option>
      </SelectField>
      {isCustom ? (
        <fieldset className="flex min-w-0 flex-wrap items-end gap-3" aria-describedby={errorId}>
          <legend className="sr-only">Received between (Central time)</legend>
          <div className="min-w-36 basis-36">
            <label htmlFor={fromId} className="mb-1 block text-sm font-semibold text-navy-900">
              From
            </label>
            <input
              id={fromId}
              type="date"
              value={from}
              max={to || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => changeRange(event.target.value, to)}
              className={inputClass}
            />
          </div>
          <div className="min-w-36 basis-36">
            <label htmlFor={toId} className="mb-1 block text-sm font-semibold text-navy-900">
              To
            </label>
            <input
              id={toId}
              type="date"
              value={to}
              min={from || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => changeRange(from, event.target.value)}
              className={inputClass}
            />
          </div>
          <p
            id={errorId}
            role={problem ? "alert" : undefined}
            className="basis-full text-sm text-red-800 empty:hidden"
          >
            {problem}
          </p>
        </fieldset>
      ) : null}
    </div>
  );
}

/** Whose leads: anyone's, the caller's, or nobody's yet. */
export function AssignedFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: "" | "me" | "none") => void;
}) {
  return (
    <SelectField
      label="Assigned"
      value={value}
      onChange={(next) => onChange(next === "me" || next === "none" ? next : "")}
      className="min-w-44 basis-44"
    >
      <option value="">Anyone</option>
      <option value="me">Assigned to me</option>
      <option value="none">Unassigned</option>
    </SelectField>
  );
}

const HAS_LABELS: Record<PersonLeadType, string> = {
  quote: "Has a quote",
  contact: "Has a message",
  appointment: "Has an appointment",
};

/** People with a live lead of one kind, or everyone. */
export function HasFilter({
  value,
  onChange,
}: {
  value: PersonLeadType | "";
  onChange: (value: PersonLeadType | "") => void;
}) {
  return (
    <SelectField
      label="Leads"
      value={value}
      onChange={(next) =>
        onChange(
          (PERSON_LEAD_TYPES as readonly string[]).includes(next) ? (next as PersonLeadType) : "",
        )
      }
      className="min-w-48 basis-48"
    >
      <option value="">Any leads</option>
      {PERSON_LEAD_TYPES.map((type) => (
        <option key={type} value={type}>
          {HAS_LABELS[type]}
        </option>
      ))}
    </SelectField>
  );
}

/** Export CSV, for roles that may export leads (leads.export); nothing for the others. */
export function ExportButton({ onExport, isBusy }: { onExport: () => void; isBusy: boolean }) {
  const { user } = useAuth();
  if (!can(user, "leads.export")) return null;
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={onExport}
      disabled={isBusy}
      aria-busy={isBusy}
    >
      <DownloadIcon className="size-4" />
      {isBusy ? "Exporting…" : "Export CSV"}
    </button>
  );
}

/** The view's heading row: title, the count badge and actions. */
export function ListHeading({
  title,
  count,
  countLabel,
  actions,
}: {
  title: string;
  count: number | null;
  countLabel: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2
        data-list-heading
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-navy-900 focus:outline-none"
      >
        {title}
        {count !== null ? (
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
            {count.toLocaleString("en-US")}
            <span className="sr-only"> {countLabel}</span>
          </span>
        ) : null}
      </h2>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * A list item's Archive (the API's DELETE), or Restore when the Archived filter is on; busy
 * while it runs. `children`, if any, name the item for screen readers.
 */
export function ArchiveButton({
  isBusy,
  onArchive,
  onRestore,
  isArchived = false,
  label = "Archive",
  children,
}: {
  isBusy: boolean;
  onArchive: () => void;
  onRestore: () => void;
  isArchived?: boolean;
  label?: string;
  children?: ReactNode;
}) {
  const { user } = useAuth();
  // Only roles that archive leads see it (leads.archive; the server refuses the others).
  if (!can(user, "leads.archive")) return null;
  return (
    <button
      type="button"
      className={isArchived ? secondaryButtonClass : dangerButtonClass}
      onClick={isArchived ? onRestore : onArchive}
      disabled={isBusy}
      aria-busy={isBusy}
    >
      {isArchived ? (
        <DashboardRefreshIcon className="size-4" />
      ) : (
        <ArchiveIcon className="size-4" />
      )}
      {isBusy ? (isArchived ? "Restoring…" : "Archiving…") : isArchived ? "Restore" : label}
      {children ? <span className="sr-only">{children}</span> : null}
    </button>
  );
}

/** Active leads, or the archived ones (restorable for 30 days). */
export function ArchivedFilter({
  value,
  onChange,
}: {
  value: boolean;
  onChange: (archived: boolean) => void;
}) {
  return (
    <SelectField
      label={ARCHIVE_TEXT.filterLabel}
      value={value ? "archived" : "active"}
      onChange={(next) => onChange(next === "archived")}
      className="min-w-40 basis-40"
    >
      <option value="active">{ARCHIVE_TEXT.active}</option>
      <option value="archived">{ARCHIVE_TEXT.archivedOption}</option>
    </SelectField>
  );
}
