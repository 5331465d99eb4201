import { type Task, type TaskSubjectKind, taskDueParts, userDisplayName } from "@agency/domain";
import type { TaskRow } from "./repository.ts";

function personOf(
  id: string | null,
  first: string | null,
  last: string | null,
  email: string | null,
): Task["createdBy"] {
  if (!id || email === null) return null;
  return {
    _id: id,
    name: userDisplayName({ firstName: first ?? "", lastName: last ?? "", email }),
  };
}

function assigneeOf(row: TaskRow): Task["assignee"] {
  const person = personOf(
    row.assigned_to,
    row.assignee_first_name,
    row.assignee_last_name,
    row.assignee_email,
  );
  return person && { ...person, isActive: row.assignee_can_sign_in === 1 };
}

export function toTask(row: TaskRow, subjectName: string): Task {
  return {
    _id: row.id,
    text: row.text,
    subject: { kind: row.subject_type as TaskSubjectKind, id: row.subject_id, name: subjectName },
    dueAt: row.due_at,
    ...taskDueParts(row.due_at),
    assignee: assigneeOf(row),
    createdBy: personOf(
      row.created_by,
      row.creator_first_name,
      row.creator_last_name,
      row.creator_email,
    ),
    createdAt: row.created_at,
    completedAt: row.completed_at,
    completedBy: personOf(
      row.completed_by,
      row.completer_first_name,
      row.completer_last_name,
      row.completer_email,
    ),
  };
}
