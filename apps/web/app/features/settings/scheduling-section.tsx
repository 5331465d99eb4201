// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  AgentsPerSlotSchema,
  API_ENDPOINTS,
  CAPACITY_MESSAGES,
  MAX_AGENTS_PER_SLOT,
} from "@agency/domain";
import { type NumberSetting, NumberSettingSection, schemaProblem } from "./number-setting-section";

const SCHEDULING_SETTING: NumberSetting = {
  title: "Scheduling",
  description:
    "How many appointments one time slot can hold, one per agent. Lowering it cancels nothing: a slot that holds more just takes no new bookings.",
  label: "Agents per slot",
  range: { min: 1, max: MAX_AGENTS_PER_SLOT },
  load: async (call) => {
    const result = await call(API_ENDPOINTS.scheduling.capacity);
    return result.ok ? { ok: true, value: result.data.agentsPerSlot } : result;
  },
  save: async (call, agentsPerSlot) => {
    const result = await call(API_ENDPOINTS.scheduling.updateCapacity, {
      body: { agentsPerSlot },
    });
    return result.ok ? { ok: true, value: result.data.agentsPerSlot } : result;
  },
  problemOf: schemaProblem(AgentsPerSlotSchema, "agentsPerSlot", CAPACITY_MESSAGES.outOfRange),
  loadFailed: "The scheduling settings could not be loaded.",
  saved: CAPACITY_MESSAGES.saved,
};

/**
 * "Agents per slot" (users.manage; decision 0034): how many appointments one time slot
 * can hold. Bookings and the public form's free times follow a save at once.
 */
export function SchedulingSection() {
  return <NumberSettingSection setting={SCHEDULING_SETTING} />;
}
