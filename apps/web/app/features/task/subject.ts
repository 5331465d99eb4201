import { type TaskSubjectKind, taskSubjectPath } from "@agency/domain";

/** The dashboard page of a task's record. */
export function taskSubjectHref(kind: TaskSubjectKind, id: string): string {
  return taskSubjectPath(kind, id);
}
