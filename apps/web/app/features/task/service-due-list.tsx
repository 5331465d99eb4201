import {
  SERVICE_KIND_LABELS,
  type ServiceDueItem,
  type ServiceKind,
  taskSubjectPath,
} from "@agency/domain";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/**
 * Client Center requests whose due date has come (GET /api/service-requests/due): each
 * links to its page, with its kind and whether it is overdue or due today. The bell and
 * My tasks both list them (issue 29 §2, decision 0078).
 */
export function ServiceDueList({
  items,
  label,
  onOpen,
}: {
  items: readonly ServiceDueItem[];
  label: string;
  onOpen?: () => void;
}) {
  return (
    <ul aria-label={label} className="space-y-1">
      {items.map((item) => (
        <li key={item._id}>
          <Link
            to={taskSubjectPath("service", item._id)}
            onClick={onOpen}
            className="flex min-h-11 flex-col rounded-md px-2 py-1 text-left text-sm hover:bg-slate-50"
          >
            <span className="font-semibold text-navy-900">
              {item.reference} {item.name}
            </span>
            <span className="flex flex-wrap items-center gap-2 text-slate-700">
              {SERVICE_KIND_LABELS[item.kind as ServiceKind] ?? item.kind}
              <span
                className={cn(
                  "rounded-full px-2 text-xs font-semibold",
                  item.state === "overdue"
                    ? "bg-red-100 text-red-900"
                    : "bg-amber-100 text-amber-900",
                )}
              >
                {item.state === "overdue" ? "Overdue" : "Due today"}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
