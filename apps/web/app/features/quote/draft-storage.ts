import {
  createDriver,
  createEmptyQuoteForm,
  type DriverInput,
  QUOTE_LIMITS,
  QUOTE_STEPS,
  type QuoteFormInput,
  type QuoteStep,
  SAFETY_FEATURES,
  type SafetyFeature,
  syncPrimaryDriver,
} from "@agency/domain";

/**
 * The wizard keeps its answers in session storage so a reload (or a slip of the back
 * button) loses nothing. Session storage, not local: it stays in this tab and is gone
 * when the tab closes, which suits a form with a date of birth and license numbers.
 * The draft is removed on a successful submit and on Start New Quote.
 */
export const QUOTE_DRAFT_KEY = "autoQuoteDraft";
export const QUOTE_DIALOG_DRAFT_KEY = "autoQuoteDialogDraft";

export interface QuoteDraft {
  form: QuoteFormInput;
  /** The dialog's annual mileage as typed (a number of miles). */
  mileageMiles: string;
  step: QuoteStep;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Takes from `stored` only the keys the template has, with the template's type, so a
 * draft from an older version of the page or edited by hand can never break the form.
 */
function mergeInto<T extends object>(template: T, stored: unknown): T {
  if (!isRecord(stored)) return template;
  const merged: Record<string, unknown> = { ...(template as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(merged)) {
    const value = stored[key];
    if (typeof value === typeof fallback && !Array.isArray(fallback)) merged[key] = value;
  }
  return merged as T;
}

function driversFrom(stored: unknown): DriverInput[] {
  if (!Array.isArray(stored) || stored.length === 0) return [createDriver("primary")];
  return stored
    .slice(0, QUOTE_LIMITS.maxDriverCount)
    .map((driver, index) =>
      mergeInto(createDriver(index === 0 ? "primary" : "additional"), driver),
    );
}

function formFrom(stored: unknown): QuoteFormInput {
  const empty = createEmptyQuoteForm();
  if (!isRecord(stored)) return empty;
  const vehicleInfo = mergeInto(empty.vehicleInfo, stored.vehicleInfo);
  const storedVehicle = isRecord(stored.vehicleInfo) ? stored.vehicleInfo : {};
  const features = Array.isArray(storedVehicle.safetyFeatures) ? storedVehicle.safetyFeatures : [];
  return syncPrimaryDriver({
    product: typeof stored.product === "string" ? stored.product : empty.product,
    personalInfo: mergeInto(empty.personalInfo, stored.personalInfo),
    vehicleInfo: {
      ...vehicleInfo,
      safetyFeatures: features.filter((feature): feature is SafetyFeature =>
        (SAFETY_FEATURES as readonly unknown[]).includes(feature),
      ),
    },
    drivers: driversFrom(stored.drivers),
    coverage: mergeInto(empty.coverage, stored.coverage),
  });
}

export function loadQuoteDraft(key: string): QuoteDraft | null {
  try {
    const text = sessionStorage.getItem(key);
    if (!text) return null;
    const stored: unknown = JSON.parse(text);
    if (!isRecord(stored)) return null;
    const step = QUOTE_STEPS.find((candidate) => candidate.id === stored.step)?.id ?? "start";
    return {
      form: formFrom(stored.form),
      mileageMiles: typeof stored.mileageMiles === "string" ? stored.mileageMiles : "",
      step,
    };
  } catch {
    // Unreadable or unavailable storage: start afresh.
    return null;
  }
}

export function saveQuoteDraft(key: string, draft: QuoteDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, it just will not survive a reload.
  }
}

export function clearQuoteDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
