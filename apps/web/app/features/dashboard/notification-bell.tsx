import type { NotificationCounts, NotificationItem, ServiceDue } from "@agency/domain";
import { API_ENDPOINTS } from "@agency/domain";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BellIcon } from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { type LeadView, leadPath } from "../../lib/dashboard-views";
import { formatDateTime, plural } from "../../lib/format";
import { onNewLeads, NOTIFICATION_READ_EVENT as READ_EVENT } from "../../lib/notification-events";
import { ServiceDueList } from "../task";

/** A new lead is announced within seconds (use-new-lead-watch.ts); this catches reads made elsewhere. */
const POLL_MS = 60_000;

const VIEW_OF: Record<NotificationItem["type"], LeadView> = {
  quote: "quotes",
  contact: "contacts",
  appointment: "appointments",
};
const COUNT_OF = { quote: "quotes", contact: "contacts", appointment: "appointments" } as const;

function withoutItem(counts: NotificationCounts, item: NotificationItem): NotificationCounts {
  const key = COUNT_OF[item.type];
  return {
    ...counts,
    [key]: Math.max(0, counts[key] - 1),
    total: Math.max(0, counts.total - 1),
    items: counts.items.filter((i) => !(i.type === item.type && i._id === item._id)),
  };
}

/**
 * The bell's badge is this user's unread leads (the spec's fixed "3" replaced): opening the
 * bell lists the newest and clears nothing; opening an item marks it read for this user;
 * "Mark all read" clears the rest.
 */
export function NotificationBell() {
  const { call } = useAuth();
  const navigate = useNavigate();
  const [counts, setCounts] = useState<NotificationCounts | null>(null);
  /** Client Center requests due today or overdue: the caller's, and unowned ones for managers. */
  const [due, setDue] = useState<ServiceDue | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const dueHeadingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    const [result, requests] = await Promise.all([
      call(API_ENDPOINTS.dashboard.notifications),
      call(API_ENDPOINTS.service.due),
    ]);
    if (result.ok && typeof result.data?.total === "number") setCounts(result.data);
    if (requests.ok && Array.isArray(requests.data?.mine)) setDue(requests.data);
  }, [call]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    const onRead = () => void refresh();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener(READ_EVENT, onRead);
    const stopWatching = onNewLeads(() => void refresh());
    return () => {
      stopWatching();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(READ_EVENT, onRead);
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

  // Opening the bell changes nothing on the server: items stay unread until opened.
  function open() {
    setIsOpen(true);
    void refresh();
  }

  /** Opening an item marks it read for this user, then shows its lead's page. */
  async function openItem(item: NotificationItem) {
    setIsOpen(false);
    setCounts((current) => (current ? withoutItem(current, item) : current));
    await call(API_ENDPOINTS.dashboard.notificationRead, {
      body: { type: item.type, id: item._id },
    });
    void navigate(leadPath(VIEW_OF[item.type], item._id));
    void refresh();
  }

  async function markAllRead() {
    const result = await call(API_ENDPOINTS.dashboard.notificationsSeen);
    if (result.ok) {
      setCounts((current) =>
        current
          ? { ...current, total: 0, quotes: 0, contacts: 0, appointments: 0, items: [] }
          : current,
      );
      buttonRef.current?.focus();
      setIsOpen(false);
    }
  }

  const unread = counts?.total ?? 0;
  const dueItems = due ? [...due.mine, ...due.unowned] : [];
  const total = unread + dueItems.length;
  const dueText = dueItems.length > 0 ? `, ${plural(dueItems.length, "request")} due` : "";
  const label =
    counts === null
      ? "Notifications"
      : unread === 0
        ? `Notifications, no unread items${dueText}`
        : `Notifications, ${plural(unread, "unread item")}${dueText}`;
  const items = counts?.items ?? [];

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => (isOpen ? setIsOpen(false) : open())}
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
          Unread
        </h2>
        {counts ? (
          <>
            <p className="text-xs text-slate-600">
              {plural(counts.quotes, "quote")}, {plural(counts.contacts, "message")},{" "}
              {plural(counts.appointments, "booking")} since {formatDateTime(counts.since)}
            </p>
            {items.length > 0 ? (
              <ul className="mt-3 max-h-80 space-y-1 overflow-y-auto">
                {items.map((item) => (
                  <li key={`${item.type}-${item._id}`}>
                    <button
                      type="button"
                      onClick={() => void openItem(item)}
                      className="flex min-h-11 w-full cursor-pointer flex-col rounded-md px-2 py-1 text-left text-sm hover:bg-slate-50"
                    >
                      <span className="font-semibold text-navy-900">{item.name}</span>
                      <span className="text-slate-700">{item.detail}</span>
                      <time dateTime={item.createdAt} className="text-xs text-slate-600">
                        {formatDateTime(item.createdAt)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-700">Nothing unread.</p>
            )}
            {unread > 0 ? (
              <button
                type="button"
                onClick={() => void markAllRead()}
                className="mt-3 min-h-11 w-full cursor-pointer rounded-md px-2 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
              >
                Mark all read
              </button>
            ) : null}
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Nothing to show yet.</p>
        )}
        {due && dueItems.length > 0 ? (
          <section aria-labelledby={dueHeadingId} className="mt-4 border-t border-slate-200 pt-3">
            <h3 id={dueHeadingId} className="font-bold text-navy-900">
              Requests due
            </h3>
            {due.mine.length > 0 ? (
              <ServiceDueList
                items={due.mine}
                label="My requests due"
                onOpen={() => setIsOpen(false)}
              />
            ) : null}
            {due.unowned.length > 0 ? (
              <>
                <p className="mt-2 text-xs font-semibold text-slate-700">Needs an owner</p>
                <ServiceDueList
                  items={due.unowned}
                  label="Requests due without an owner"
                  onOpen={() => setIsOpen(false)}
                />
              </>
            ) : null}
          </section>
        ) : null}
      </section>
    </div>
  );
}
