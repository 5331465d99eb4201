import { API_ENDPOINTS, type ServiceDue } from "@agency/domain";
import { useEffect, useState } from "react";
import { useAuth } from "../../lib/auth";
import { ServiceDueList } from "./service-due-list";

/**
 * My tasks' Client Center requests (issue 29 §2): the caller's open requests due today or
 * overdue, and, for staff who give work out, those nobody has yet ("Needs an owner", as
 * tasks have). Nothing shows while there are none, or when they could not be read.
 */
export function RequestsDue() {
  const { call } = useAuth();
  const [due, setDue] = useState<ServiceDue | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.service.due, { signal: controller.signal })
      .then((result) => {
        if (!controller.signal.aborted && result.ok) setDue(result.data);
      })
      .catch(() => {
        // The view was left.
      });
    return () => controller.abort();
  }, [call]);

  if (!due || (due.mine.length === 0 && due.unowned.length === 0)) return null;
  return (
    <div className="mb-4 space-y-3">
      {due.mine.length > 0 ? (
        <section aria-labelledby="requests-due-heading">
          <h3 id="requests-due-heading" className="text-sm font-bold text-navy-900">
            Requests due ({due.mine.length})
          </h3>
          <ServiceDueList items={due.mine} label="My requests due" />
        </section>
      ) : null}
      {due.unowned.length > 0 ? (
        <section aria-labelledby="requests-unowned-heading">
          <h3 id="requests-unowned-heading" className="text-sm font-bold text-navy-900">
            Requests that need an owner ({due.unowned.length})
          </h3>
          <ServiceDueList items={due.unowned} label="Requests due without an owner" />
        </section>
      ) : null}
    </div>
  );
}
