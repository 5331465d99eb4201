/** Fired when something outside the bell (a lead's page) marked an item read. */
export const NOTIFICATION_READ_EVENT = "agency:notification-read";

/** Tells the dashboard's bell to count again: its badge drops at once, not at the next poll. */
export function announceNotificationRead(): void {
  window.dispatchEvent(new Event(NOTIFICATION_READ_EVENT));
}
