import {
  API_ENDPOINTS,
  type LatestLeads,
  NEW_LEAD_POLL_MS,
  NOTIFICATION_ITEM_TYPES,
  type NotificationItemType,
} from "@agency/domain";
import { useEffect, useRef } from "react";
import { useAuth } from "../../lib/auth";
import { announceNewLeads } from "../../lib/notification-events";

/** The kinds whose newest arrival is later now than before (nothing on the first look). */
export function arrivedKinds(before: LatestLeads | null, now: LatestLeads): NotificationItemType[] {
  if (before === null) return [];
  return NOTIFICATION_ITEM_TYPES.filter((kind) => {
    const at = now[kind];
    const was = before[kind];
    return at !== null && (was === null || at > was);
  });
}

/**
 * Issue 27 §2: the bell and open lists learn of a new lead within seconds. While the
 * dashboard is on screen it asks every NEW_LEAD_POLL_MS when the newest lead of each kind
 * arrived (a cheap read) and announces the kinds that changed (NEW_LEADS_EVENT); a hidden
 * tab does not ask, and asks at once when it is shown again. Mounted once, by the shell.
 */
export function useNewLeadWatch(): void {
  const { call } = useAuth();
  const latest = useRef<LatestLeads | null>(null);

  useEffect(() => {
    let timer = 0;
    let isStopped = false;
    let isAsking = false;

    async function ask() {
      if (isAsking || document.visibilityState !== "visible") return;
      isAsking = true;
      try {
        const result = await call(API_ENDPOINTS.dashboard.latestLeads);
        if (isStopped || !result.ok || !result.data) return;
        const kinds = arrivedKinds(latest.current, result.data);
        latest.current = result.data;
        if (kinds.length > 0) announceNewLeads(kinds);
      } finally {
        isAsking = false;
      }
    }

    function schedule() {
      window.clearInterval(timer);
      timer = window.setInterval(() => void ask(), NEW_LEAD_POLL_MS);
    }

    const onVisible = () => {
      if (document.visibilityState === "visible") {
        void ask();
        schedule();
      }
    };
    void ask();
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      isStopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [call]);
}
