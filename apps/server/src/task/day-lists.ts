import {
  agencyClosingTime,
  dueTaskDayList,
  endOfAgencyDay,
  type OpeningHours,
  SERVICE_KIND_LABELS,
  type ServiceKind,
  type TaskMailItem,
  type TaskSubjectKind,
} from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { taskDayListMail } from "./mail.ts";
import {
  assigneesWithRequestsDueBy,
  assigneesWithTasksDueBefore,
  claimTaskDayList,
  findActiveUser,
  openRequestsDueBy,
  openTasksDueBefore,
  subjectNames,
  takenTaskDayLists,
} from "./repository.ts";

/** Thrown inside a claim's transaction to undo the claim when there is nothing to send. */
class NothingToSend extends Error {}

/**
 * Queues each assignee's list of the day (tasks due today and overdue, and their open
 * Client Center requests due by today, decision 0078) once the office opens on an office
 * day (decision 0067). Each list is claimed by inserting its key (user,
 * day) in the transaction that queues it (migration 20261129000100), so however many
 * instances run passes at once, each assignee gets one list a day. Never to a deactivated
 * account; nobody without a task due gets one.
 */
export async function queueTaskDayLists(
  db: Kysely<Database>,
  options: { now: Date; siteUrl: string; openingHours?: readonly OpeningHours[] },
): Promise<number> {
  const day = dueTaskDayList(options.now, options.openingHours);
  if (!day) return 0;
  const before = endOfAgencyDay(day);
  const withWork = [
    ...(await assigneesWithTasksDueBefore(db, before)),
    ...(await assigneesWithRequestsDueBy(db, day)),
  ];
  const assignees = [...new Map(withWork.map((a) => [a.id, a])).values()];
  const taken = await takenTaskDayLists(
    db,
    day,
    assignees.map((a) => a.id),
  );
  let queued = 0;
  for (const assignee of assignees) {
    if (taken.has(assignee.id)) continue;
    if (await queueOne(db, assignee.id, day, before, options)) queued += 1;
  }
  return queued;
}

async function queueOne(
  db: Kysely<Database>,
  userId: string,
  day: string,
  before: string,
  options: { now: Date; siteUrl: string; openingHours?: readonly OpeningHours[] },
): Promise<boolean> {
  const mailId = newId();
  try {
    return await db.transaction().execute(async (trx) => {
      const isOurs = await claimTaskDayList(trx, {
        userId,
        day,
        queuedAt: nowIso(options.now),
        mailId,
      });
      if (!isOurs) return false;
      // Read again after the claim: deactivated, or every task done, since the first read.
      const user = await findActiveUser(trx, userId);
      const tasks = await openTasksDueBefore(trx, userId, before);
      const requests = await openRequestsDueBy(trx, userId, day);
      if (!user || tasks.length + requests.length === 0) throw new NothingToSend();
      const names = await subjectNames(
        trx,
        tasks.map((t) => ({ kind: t.subject_type, id: t.subject_id })),
      );
      const items: TaskMailItem[] = tasks.map((t) => ({
        text: t.text,
        dueAt: t.due_at,
        subject: {
          kind: t.subject_type as TaskSubjectKind,
          id: t.subject_id,
          name: names.get(`${t.subject_type} ${t.subject_id}`) ?? "",
        },
      }));
      // A request is due by the office's close on its day: today's are listed as today's.
      const requestItems: TaskMailItem[] = requests.map((r) => ({
        text: `Client Center request: ${SERVICE_KIND_LABELS[r.kind as ServiceKind] ?? r.kind}`,
        dueAt: agencyClosingTime(r.due_on, options.openingHours),
        subject: { kind: "service", id: r.id, name: `${r.reference} ${r.name}` },
      }));
      items.push(...requestItems);
      items.sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0));
      const now = options.now.getTime();
      const mail = taskDayListMail(
        user,
        day,
        {
          overdue: items.filter((i) => new Date(i.dueAt).getTime() < now),
          today: items.filter((i) => new Date(i.dueAt).getTime() >= now),
        },
        options.siteUrl,
      );
      const [row] = outboxRows([mail], options.now);
      if (!row) throw new NothingToSend();
      await trx
        .insertInto("mail_outbox")
        .values({ ...row, id: mailId })
        .execute();
      return true;
    });
  } catch (error) {
    if (error instanceof NothingToSend) return false;
    throw error;
  }
}
