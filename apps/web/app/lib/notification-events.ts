import type { NotificationItemType } from "@agency/domain";

/** Fired when something outside the bell (a lead's page) marked an item read. */
export const NOTIFICATION_READ_EVENT = "agency:notification-read";

/** Tells the dashboard's bell to count again: its badge drops at once, not at the next poll. */
export function announceNotificationRead(): void {
  window.dispatchEvent(new Event(NOTIFICATION_READ_EVENT));
}

/** Fired when the dashboard's poll saw a lead of these kinds arrive (use-new-lead-watch.ts). */
export const NEW_LEADS_EVENT = "agency:new-leads";

export type NewLeadsDetail = { kinds: readonly NotificationItemType[] };

/** Tells the bell and any open list that leads of these kinds have arrived. */
export function announceNewLeads(kinds: readonly NotificationItemType[]): void {
  window.dispatchEvent(
    new CustomEvent<NewLeadsDetail>(NEW_LEADS_EVENT, { detail: { kinds: [...kinds] } }),
  );
}

/** Calls `listener` with the kinds of each new-leads announcement; returns the unsubscribe. */
export function onNewLeads(listener: (kinds: readonly NotificationItemType[]) => void): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<NewLeadsDetail>).detail;
    if (detail && Array.isArray(detail.kinds)) listener(detail.kinds);
  };
  window.addEventListener(NEW_LEADS_EVENT, handle);
  return () => window.removeEventListener(NEW_LEADS_EVENT, handle);
}
