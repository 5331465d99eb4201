/**
 * Archive instead of delete (issue 14, decision 0028): the API's DELETE of a lead sets
 * `archived_at`; an archived lead leaves every list, count and export unless the archived
 * filter asks for it, can be restored for ARCHIVE_RESTORE_DAYS days, and is purged by the
 * retention job after that.
 */
export const ARCHIVE_RESTORE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The last instant an archived lead can be restored. */
export function restorableUntil(archivedAt: string): Date {
  return new Date(new Date(archivedAt).getTime() + ARCHIVE_RESTORE_DAYS * DAY_MS);
}

/** Archived at or after this instant means still restorable at `now`. */
export function restoreCutoff(now: Date): Date {
  return new Date(now.getTime() - ARCHIVE_RESTORE_DAYS * DAY_MS);
}

export function isRestorable(archivedAt: string | null | undefined, now: Date = new Date()) {
  return Boolean(archivedAt) && restorableUntil(archivedAt as string).getTime() > now.getTime();
}

export const ARCHIVE_MESSAGES = {
  notRestorable: `Not found, or archived more than ${ARCHIVE_RESTORE_DAYS} days ago`,
  slotTakenSinceArchived:
    "That time has been booked by someone else since this appointment was archived",
} as const;

/** What the dashboard says about archiving (the toast, the buttons, the filter). */
export const ARCHIVE_TEXT = {
  archived: (what: string) => `${what} archived.`,
  restored: (what: string) => `${what} restored.`,
  archiveFailed: (reason: string) => `Failed to archive: ${reason}`,
  restoreFailed: (reason: string) => `Failed to restore: ${reason}`,
  undo: "Undo",
  filterLabel: "Show",
  active: "Active",
  archivedOption: `Archived (last ${ARCHIVE_RESTORE_DAYS} days)`,
} as const;
