// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  API_ENDPOINTS,
  RENEWAL_MESSAGES,
  RENEWAL_TASK_DAYS_RANGE,
  RenewalTaskDaysSchema,
} from "@agency/domain";
import { type NumberSetting, NumberSettingSection, schemaProblem } from "./number-setting-section";

const RENEWAL_TASK_SETTING: NumberSetting = {
  title: "Renewal task",
  description:
    "How many days before a policy expires its producing agent gets a renewal task, once per term. A term already inside the new number of days gets its task on the next pass.",
  label: "Days before expiration",
  range: RENEWAL_TASK_DAYS_RANGE,
  load: async (call) => {
    const result = await call(API_ENDPOINTS.renewals.settings);
    return result.ok ? { ok: true, value: result.data.data.days } : result;
  },
  save: async (call, days) => {
    const result = await call(API_ENDPOINTS.renewals.updateSettings, { body: { days } });
    return result.ok ? { ok: true, value: result.data.data.days } : result;
  },
  problemOf: schemaProblem(RenewalTaskDaysSchema, "days", RENEWAL_MESSAGES.taskDaysInvalid),
  loadFailed: "The renewal task setting could not be loaded.",
  saved: RENEWAL_MESSAGES.taskDaysSaved,
};

/**
 * "Renewal task" (Manager and above; decision 0073): how many days before a term's
 * expiration its renewal task is made for the producing agent. The next pass follows it.
 */
export function RenewalTaskSection() {
  return <NumberSettingSection setting={RENEWAL_TASK_SETTING} />;
}
