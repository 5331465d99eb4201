import { useCallback, useEffect, useId, useRef, useState } from "react";
import { BellIcon } from "../../components/icons";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { formatDateTime, plural } from "./format";
import type { NotificationCounts } from "./types";
import type { DashboardView } from "./views";

const POLL_MS = 60_000;

/**
 * The bell's badge is the real number of quotes, messages and bookings that arrived since
 * this user last opened it (the spec's fixed "3" replaced). Opening it lists the counts and
 * marks them seen on the server.
 */
export function NotificationBell({ onOpenView }: { onOpenView: (view: DashboardView) => void }) {
  const { request } = useAuth();
  const [counts, setCounts] = useState<NotificationCounts | null>(null);
  const [shown, setShown] = useState<NotificationCounts | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    const result = await request<NotificationCounts>("GET", "/api/dashboard/notifications");
    if (result.ok && typeof result.data?.total === "number") setCounts(result.data);
  }, [request]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  // Closes on Escape (focus back to the bell) and on a click outside.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [isOpen]);

  async function open() {
    setShown(counts);
    setIsOpen(true);
    const result = await request("POST", "/api/dashboard/notifications/seen");
    if (result.ok) {
      setCounts((current) =>
        current ? { ...current, total: 0, quotes: 0, contacts: 0, appointments: 0 } : current,
      );
    }
  }

  const total = counts?.total ?? 0;
  const label =
    counts === null
      ? "Notifications"
      : total === 0
        ? "Notifications, no new items"
        : `Notifications, ${plural(total, "new item")}`;
  const rows: { view: DashboardView; text: string; count: number }[] = shown
    ? [
        { view: "quotes", text: plural(shown.quotes, "new quote"), count: shown.quotes },
        { view: "contacts", text: plural(shown.contacts, "new message"), count: shown.contacts },
        {
          view: "appointments",
          text: plural(shown.appointments, "new booking"),
          count: shown.appointments,
        },
      ]
    : [];

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => (isOpen ? setIsOpen(false) : void open())}
        className="relative flex size-11 cursor-pointer items-center justify-center rounded-full text-navy-900 hover:bg-slate-100"
      >
        <BellIcon className="size-6" />
        {total > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {total > 99 ? "99+" : total}
          </span>
        ) : null}
      </button>
      <section
        id={panelId}
        aria-labelledby={headingId}
        hidden={!isOpen}
        className={cn(
          "absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200",
        )}
      >
        <h2 id={headingId} className="font-bold text-navy-900">
          New since you last looked
        </h2>
        {shown ? (
          <>
            <p className="text-xs text-slate-600">Since {formatDateTime(shown.since)}</p>
            <ul className="mt-3 space-y-1">
              {rows.map((row) => (
                <li key={row.view}>
                  <button
                    type="button"
                    onClick={() => {
                      setIsOpen(false);
                      onOpenView(row.view);
                    }}
                    className={cn(
                      "flex min-h-11 w-full cursor-pointer items-center justify-between rounded-md px-2 text-left text-sm hover:bg-slate-50",
                      row.count > 0 ? "font-semibold text-navy-900" : "text-slate-700",
                    )}
                  >
                    {row.text}
                    <span aria-hidden="true">›</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Nothing to show yet.</p>
        )}
      </section>
    </div>
  );
}
