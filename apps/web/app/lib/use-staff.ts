import {
  API_ENDPOINTS,
  type AssignableStaff,
  type LeadWorkRoutes,
  type RouteAnswer,
} from "@agency/domain";
import { useEffect, useState } from "react";
import type { ApiResult } from "./api";
import { useAuth } from "./auth";

type StaffAnswer = RouteAnswer<typeof LeadWorkRoutes.assignable, 200>;

// One fetch of the assignable staff per page load (every open work panel shares it); a
// failed fetch is forgotten so the next panel tries again.
let cached: Promise<ApiResult<StaffAnswer>> | null = null;

/** Active staff a lead can be assigned to (name and id), or null while loading or failed. */
export function useAssignableStaff(): AssignableStaff[] | null {
  const { call } = useAuth();
  const [staff, setStaff] = useState<AssignableStaff[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    cached ??= call(API_ENDPOINTS.leadWork.assignable);
    void cached.then((result) => {
      if (!result.ok) cached = null;
      if (isCurrent) setStaff(result.ok ? result.data.data : null);
    });
    return () => {
      isCurrent = false;
    };
  }, [call]);
  return staff;
}
