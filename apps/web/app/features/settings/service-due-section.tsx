// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  API_ENDPOINTS,
  SERVICE_DUE_DAYS_RANGE,
  SERVICE_MESSAGES,
  ServiceDueDaysSchema,
} from "@agency/domain";
import { plural } from "../../lib/format";
import { type NumberSetting, NumberSettingSection, schemaProblem } from "./number-setting-section";

/** What the section says once a new number is saved. */
export function serviceDueDaysSaved(days: number): string {
  return `Saved. New requests are due ${plural(days, "business day")} after they arrive.`;
}

const SERVICE_DUE_SETTING: NumberSetting = {
  title: "Service requests",
  description:
    "How many business days after it arrives a Client Center request is due (weekends, federal holidays and closed days do not count). Requests already in keep their due date.",
  label: "Due by (business days)",
  range: SERVICE_DUE_DAYS_RANGE,
  load: async (call) => {
    const result = await call(API_ENDPOINTS.service.settings);
    return result.ok ? { ok: true, value: result.data.data.days } : result;
  },
  save: async (call, days) => {
    const result = await call(API_ENDPOINTS.service.updateSettings, { body: { days } });
    return result.ok ? { ok: true, value: result.data.data.days } : result;
  },
  problemOf: schemaProblem(ServiceDueDaysSchema, "days", SERVICE_MESSAGES.dueDaysInvalid),
  loadFailed: "The service request setting could not be loaded.",
  saved: serviceDueDaysSaved,
};

/** "Service requests" (Manager and above; issue 29 §2): a request's due-by rule. */
export function ServiceDueSection() {
  return <NumberSettingSection setting={SERVICE_DUE_SETTING} />;
}
