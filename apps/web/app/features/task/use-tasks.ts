import { API_ENDPOINTS, type RouteQuery, type Task, type TaskRoutes } from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";

export type TaskQuery = RouteQuery<typeof TaskRoutes.list>;

export type TasksState =
  | { phase: "loading" }
  | { phase: "ready"; now: Date; tasks: Task[] }
  | { phase: "error"; message: string };

/**
 * One list of tasks (the caller's, one record's, everyone's), reloaded when the query
 * changes; `replace` puts a changed task in place (or drops it when it left the list).
 */
export function useTasks(query: TaskQuery) {
  const { call } = useAuth();
  const [state, setState] = useState<TasksState>({ phase: "loading" });
  const key = JSON.stringify(query);

  const load = useCallback(
    (signal?: AbortSignal) => {
      const parsed = JSON.parse(key) as TaskQuery;
      return call(API_ENDPOINTS.tasks.list, { query: parsed, ...(signal ? { signal } : {}) })
        .then((result) => {
          if (signal?.aborted) return;
          setState(
            result.ok
              ? { phase: "ready", now: new Date(result.data.now), tasks: result.data.data }
              : { phase: "error", message: errorText(result, silentFailureText(result)) },
          );
        })
        .catch(() => {
          // The view was left.
        });
    },
    [call, key],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: "loading" });
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = useCallback((task: Task, stays: (task: Task) => boolean) => {
    setState((current) => {
      if (current.phase !== "ready") return current;
      const others = current.tasks.filter((t) => t._id !== task._id);
      const tasks = stays(task) ? [...others, task] : others;
      tasks.sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0));
      return { ...current, tasks };
    });
  }, []);

  const add = useCallback((task: Task) => replace(task, () => true), [replace]);

  return { state, reload: () => load(), replace, add };
}
