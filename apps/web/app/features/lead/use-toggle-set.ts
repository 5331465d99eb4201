import { useState } from "react";

/** Which rows are expanded, and a toggle for one of them. */
export function useToggleSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return [ids, toggle] as const;
}
