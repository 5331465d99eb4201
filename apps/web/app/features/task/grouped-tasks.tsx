import { groupTasks, TASK_GROUP_LABELS, TASK_GROUPS, type Task } from "@agency/domain";
import { TaskItem } from "./task-item";

/** Open tasks under Overdue, Today and Upcoming, each soonest first; empty groups left out. */
export function GroupedTasks({
  tasks,
  now,
  onChanged,
  headingLevel = "h3",
  upcomingLimit,
}: {
  tasks: readonly Task[];
  now: Date;
  onChanged: (task: Task) => void;
  headingLevel?: "h2" | "h3";
  /** At most this many upcoming tasks (the overview's card); all when not given. */
  upcomingLimit?: number;
}) {
  const groups = groupTasks(tasks, now);
  const Heading = headingLevel;
  return (
    <div className="space-y-4">
      {TASK_GROUPS.filter((group) => groups[group].length > 0).map((group) => {
        const items =
          group === "upcoming" && upcomingLimit !== undefined
            ? groups[group].slice(0, upcomingLimit)
            : groups[group];
        return (
          <section key={group} aria-label={`${TASK_GROUP_LABELS[group]} (${groups[group].length})`}>
            <Heading className="mb-2 text-sm font-bold tracking-wide text-navy-800 uppercase">
              {TASK_GROUP_LABELS[group]}{" "}
              <span className="font-normal text-slate-700">({groups[group].length})</span>
            </Heading>
            <ul className="space-y-2">
              {items.map((task) => (
                <TaskItem key={task._id} task={task} now={now} showSubject onChanged={onChanged} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
