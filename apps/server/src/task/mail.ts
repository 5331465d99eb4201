import { TASK_MAIL_MESSAGES, type TaskMailItem } from "@agency/domain";
import type { OutgoingMail } from "../mail/outbox.ts";

/** Outbox kinds, for operators. */
export const TASK_DAY_LIST_KIND = "task.day-list";
export const TASK_ASSIGNED_KIND = "task.assigned";
/** The morning lists' outbox rows point at their assignee (retention purges them by age). */
export const TASK_DAY_LIST_RELATED = "task-day-list";

export function taskDayListMail(
  to: { id: string; email: string },
  day: string,
  items: { overdue: readonly TaskMailItem[]; today: readonly TaskMailItem[] },
  siteUrl: string,
): OutgoingMail {
  return {
    kind: TASK_DAY_LIST_KIND,
    to: to.email,
    subject: TASK_MAIL_MESSAGES.dayListSubject(day, items.overdue.length + items.today.length),
    text: TASK_MAIL_MESSAGES.dayListText(day, items.overdue, items.today, siteUrl),
    related: { type: TASK_DAY_LIST_RELATED, id: to.id },
  };
}

export function taskAssignedMail(
  to: { email: string },
  byName: string,
  taskId: string,
  item: TaskMailItem,
  siteUrl: string,
): OutgoingMail {
  return {
    kind: TASK_ASSIGNED_KIND,
    to: to.email,
    subject: TASK_MAIL_MESSAGES.assignedSubject(byName),
    text: TASK_MAIL_MESSAGES.assignedText(byName, item, siteUrl),
    related: { type: "task", id: taskId },
  };
}
