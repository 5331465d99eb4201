import {
  type CoverageInput,
  createDriver,
  createEmptyQuoteForm,
  type DriverInput,
  isLockedPrimaryDriverField,
  isMirroredToPrimaryDriver,
  isQuoteStepComplete,
  latestBirthDate,
  mileageBandFor,
  type PersonalInfoInput,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  QUOTE_STEPS,
  type QuoteFormInput,
  type QuoteStep,
  type SafetyFeature,
  syncPrimaryDriver,
  todayInAgencyZone,
  type VehicleInfoInput,
} from "@agency/domain";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import { useFormSubmission } from "../../lib/use-form-submission";
import { clearQuoteDraft, loadQuoteDraft, saveQuoteDraft } from "./draft-storage";
import {
  furthestReachableStep,
  isStepReachable,
  LAST_STEP_INDEX,
  type QuoteVariant,
  stepAt,
  stepIndex,
  stepOfField,
} from "./quote-steps";
import { type SubmittedQuote, submitQuote } from "./submit-quote";
import type { FieldMessages } from "./validation";

/** The step schemas (zod), loaded when the visitor first touches the wizard. */
const quoteRules = lazyModule(() => import("./validation"));
type QuoteRules = Awaited<ReturnType<typeof quoteRules.load>>;

const NO_MESSAGES: FieldMessages = {};

export type SubmitState =
  | { status: "idle" }
  | { status: "processing" }
  | { status: "success"; quote: SubmittedQuote }
  | { status: "error"; message: string };

type FocusRequest = { kind: "heading" | "invalid" | "banner" } | { kind: "element"; id: string };

export interface QuoteWizardOptions {
  variant: QuoteVariant;
  /** Session storage key of the draft. */
  draftKey: string;
  /** The quote's `product` (the dialog passes the product card's title). */
  product?: string;
}

function newForm(product: string | undefined): QuoteFormInput {
  const form = createEmptyQuoteForm();
  return product ? { ...form, product } : form;
}

/** Moves driver-indexed keys down after driver `removed` is taken out. */
function withoutDriver<T>(entries: Iterable<[string, T]>, removed: number): [string, T][] {
  const kept: [string, T][] = [];
  for (const [path, value] of entries) {
    const match = /^drivers\.(\d+)\.(.+)$/.exec(path);
    if (!match) {
      kept.push([path, value]);
      continue;
    }
    const index = Number(match[1]);
    if (index === removed) continue;
    kept.push([index > removed ? `drivers.${index - 1}.${match[2]}` : path, value]);
  }
  return kept;
}

/** A field path the wizard has (the server may name others). */
const isQuoteField = (path: string): path is string => stepOfField(path) !== undefined;

/**
 * Everything the quote wizard knows and does, shared by the page and the home-page
 * dialog: the answers (the first driver always mirrors the applicant), the current step
 * and its gating, which messages show (a field's after it is left, all of a step's after
 * Continue, and the server's until that field changes), the draft in session storage,
 * and the submission with one Idempotency-Key per set of answers.
 */
export function useQuoteWizard({ variant, draftKey, product }: QuoteWizardOptions) {
  const [form, setForm] = useState<QuoteFormInput>(() => newForm(product));
  const [mileageMiles, setMileageMiles] = useState("");
  const [step, setStep] = useState<QuoteStep>("start");
  /** The furthest step opened so far, for marking the steps behind it as done. */
  const [furthestIndex, setFurthestIndex] = useState(0);
  const submission = useFormSubmission<string>();
  const { touched, setTouched, touch, serverMessages, setServerMessages, forgetServerMessages } =
    submission;
  const [attempted, setAttempted] = useState<ReadonlySet<QuoteStep>>(() => new Set());
  const [submitState, setSubmitState] = useState<SubmitState>({ status: "idle" });
  /** The optional call/text consent on the last step (decision 0080): unticked at first. */
  const [contactConsent, setContactConsent] = useState(false);
  const [toastMessage, setToastMessage] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const isMounted = useRef(true);
  const idPrefix = `quote-${variant}-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const { module: rules, ensure: ensureRules, loadOnTouch } = useLazyModule(quoteRules);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  // Before the first paint after hydration: the prerendered page shows the empty first
  // step, the draft (if any) replaces it at once. Without a draft nothing renders again:
  // the wizard says it is ready on its element (`data-ready`, which tests wait for) rather
  // than through state, since a state set here re-renders the whole wizard inside the
  // hydration's commit, one long task on a phone (docs/performance.md, issue 25).
  useLayoutEffect(() => {
    const draft = loadQuoteDraft(draftKey);
    if (draft) {
      // A visitor coming back to answers: their messages and steps need the rules at once.
      void ensureRules();
      const restored = product ? { ...draft.form, product } : draft.form;
      setForm(restored);
      setMileageMiles(draft.mileageMiles);
      setStep(isStepReachable(draft.step, restored) ? draft.step : furthestReachableStep(restored));
    }
    containerRef.current?.setAttribute("data-ready", "true");
  }, [draftKey, product, ensureRules]);

  const isPristine =
    step === "start" &&
    mileageMiles === "" &&
    JSON.stringify(form) === JSON.stringify(newForm(product));

  // The hydration's own commit is skipped: it still holds the prerendered empty form, which
  // must neither overwrite nor clear a draft that the layout effect above is restoring.
  const isFirstSave = useRef(true);
  useEffect(() => {
    if (isFirstSave.current) {
      isFirstSave.current = false;
      return;
    }
    if (submitState.status === "success" || isPristine) clearQuoteDraft(draftKey);
    else saveQuoteDraft(draftKey, { form, mileageMiles, step });
  }, [submitState.status, isPristine, draftKey, form, mileageMiles, step]);

  useEffect(() => {
    if (!focusRequest) return;
    const container = containerRef.current;
    if (!container) return;
    let target: HTMLElement | null = null;
    if (focusRequest.kind === "element") target = document.getElementById(focusRequest.id);
    else if (focusRequest.kind === "invalid")
      target = container.querySelector<HTMLElement>('[aria-invalid="true"]');
    else if (focusRequest.kind === "banner") {
      target = container.querySelector<HTMLElement>("[data-quote-banner]");
      // In the middle of the view: focus alone may leave it under the sticky header.
      target?.focus({ preventScroll: true });
      target?.scrollIntoView({ block: "center" });
      return;
    } else {
      target = container.querySelector<HTMLElement>("[data-step-heading]");
      // A new step starts at the top of the wizard (under the sticky header on the page).
      container.scrollIntoView({ block: "start" });
      target?.focus({ preventScroll: true });
      return;
    }
    target?.focus();
  }, [focusRequest]);

  useEffect(() => setFurthestIndex((furthest) => Math.max(furthest, stepIndex(step))), [step]);

  // The dialog opens on a click: its visitor has started already.
  useEffect(() => {
    if (variant === "dialog") void ensureRules();
  }, [variant, ensureRules]);

  const clientMessages = useMemo(
    () => (rules ? rules.stepMessages(step, form, variant) : NO_MESSAGES),
    [rules, step, form, variant],
  );
  /** Today in Chicago, read in the browser once the rules are there (the HTML was built earlier). */
  const maxBirthDate = useMemo(
    () => (rules ? latestBirthDate(todayInAgencyZone(new Date())) : undefined),
    [rules],
  );
  const isBusy = submitState.status === "processing";
  const isSubmitted = submitState.status === "success";

  const fieldId = (path: string) => `${idPrefix}-${path.replaceAll(".", "-")}`;

  const messageFor = (path: string): string | undefined =>
    serverMessages[path] ??
    (touched.has(path) || attempted.has(step) ? clientMessages[path] : undefined);

  // Leaving a field by pressing a button (Continue, Add Driver) must not show the field's
  // message before the press ends: the message would push the button down between the
  // pointer going down and coming up, and the click would be lost. Such leaves are held
  // until the press is over (Continue then shows every message of the step anyway).
  const isPressingButton = useRef(false);
  const heldTouches = useRef<string[]>([]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest("button")) {
        isPressingButton.current = true;
      }
    };
    const onPointerUp = () => {
      if (!isPressingButton.current) return;
      // After this press's click has been handled.
      window.setTimeout(() => {
        isPressingButton.current = false;
        const held = heldTouches.current;
        heldTouches.current = [];
        if (held.length > 0) {
          setTouched((previous) => new Set([...previous, ...held]));
        }
      }, 0);
    };
    container.addEventListener("pointerdown", onPointerDown, true);
    window.addEventListener("pointerup", onPointerUp, true);
    window.addEventListener("pointercancel", onPointerUp, true);
    return () => {
      container.removeEventListener("pointerdown", onPointerDown, true);
      window.removeEventListener("pointerup", onPointerUp, true);
      window.removeEventListener("pointercancel", onPointerUp, true);
    };
  }, [setTouched]);

  const leaveField = (path: string) => {
    if (isPressingButton.current) heldTouches.current.push(path);
    else touch(path);
  };

  /** Props that tie an input to its message: id, message, and "touched" on leaving it. */
  const field = (path: string) => ({
    id: fieldId(path),
    error: messageFor(path),
    onBlur: () => leaveField(path),
  });

  const setPersonal = <K extends keyof PersonalInfoInput>(key: K, value: PersonalInfoInput[K]) => {
    setForm((previous) =>
      syncPrimaryDriver({ ...previous, personalInfo: { ...previous.personalInfo, [key]: value } }),
    );
    const mirrored = isMirroredToPrimaryDriver(key);
    forgetServerMessages(`personalInfo.${key}`, ...(mirrored ? [`drivers.0.${key}`] : []));
  };

  const setVehicle = <K extends keyof VehicleInfoInput>(key: K, value: VehicleInfoInput[K]) => {
    setForm((previous) => ({
      ...previous,
      vehicleInfo: { ...previous.vehicleInfo, [key]: value },
    }));
    forgetServerMessages(`vehicleInfo.${key}`);
  };

  /** The dialog asks for miles a year; the quote stores the band they fall in. */
  const setMileageMilesText = (text: string) => {
    const digits = text.replace(/\D/g, "").slice(0, 6);
    setMileageMiles(digits);
    setVehicle("mileage", digits === "" ? "" : (mileageBandFor(Number(digits)) ?? ""));
  };

  const setSafetyFeature = (feature: SafetyFeature, isChecked: boolean) => {
    setForm((previous) => {
      const current = previous.vehicleInfo.safetyFeatures ?? [];
      const others = current.filter((candidate) => candidate !== feature);
      return {
        ...previous,
        vehicleInfo: {
          ...previous.vehicleInfo,
          safetyFeatures: isChecked ? [...others, feature] : others,
        },
      };
    });
    forgetServerMessages("vehicleInfo.safetyFeatures");
  };

  const setDriver = <K extends keyof DriverInput>(index: number, key: K, value: DriverInput[K]) => {
    // The first driver's name, date of birth and relationship are locked (they mirror
    // the personal step), so changes to them are ignored.
    if (index === 0 && isLockedPrimaryDriverField(key)) return;
    setForm((previous) => ({
      ...previous,
      drivers: previous.drivers.map((driver, position) =>
        position === index ? { ...driver, [key]: value } : driver,
      ),
    }));
    forgetServerMessages(`drivers.${index}.${key}`);
  };

  const canAddDriver = form.drivers.length < QUOTE_LIMITS.maxDriverCount;

  const addDriver = () => {
    if (!canAddDriver) return;
    const index = form.drivers.length;
    setForm((previous) => ({ ...previous, drivers: [...previous.drivers, createDriver()] }));
    setFocusRequest({ kind: "element", id: fieldId(`drivers.${index}.firstName`) });
  };

  const removeDriver = (index: number) => {
    if (index === 0) return;
    setForm((previous) => ({
      ...previous,
      drivers: previous.drivers.filter((_, position) => position !== index),
    }));
    setTouched(
      (previous) => new Set(withoutDriver(previous.entries(), index).map(([path]) => path)),
    );
    setServerMessages((previous) =>
      Object.fromEntries(withoutDriver(Object.entries(previous), index)),
    );
    setFocusRequest({ kind: "element", id: fieldId("add-driver") });
  };

  const setCoverage = <K extends keyof CoverageInput>(key: K, value: CoverageInput[K]) => {
    setForm((previous) => ({ ...previous, coverage: { ...previous.coverage, [key]: value } }));
    forgetServerMessages(`coverage.${key}`);
  };

  const goToStep = (target: QuoteStep) => {
    setStep(target);
    setFocusRequest({ kind: "heading" });
  };

  /** Shows every message of a step and puts the cursor in its first invalid field. */
  const showStepProblems = (target: QuoteStep) => {
    setStep(target);
    setAttempted((previous) => new Set(previous).add(target));
    setFocusRequest({ kind: "invalid" });
  };

  /**
   * The rules, waiting for them if a press came before they loaded; undefined when they
   * cannot load (offline): the step then goes on unchecked, and the server's answer to
   * the submission still names every field to fix.
   */
  const rulesNow = async (): Promise<QuoteRules | undefined> => rules ?? (await ensureRules());

  /** The first step before `endIndex` whose answers the step schemas reject. */
  const firstInvalidStep = (checks: QuoteRules | undefined, endIndex: number) =>
    checks === undefined
      ? undefined
      : QUOTE_STEPS.slice(0, endIndex).find((candidate) =>
          checks.hasMessages(checks.stepMessages(candidate.id, form, variant)),
        )?.id;

  const goForward = async () => {
    if (isBusy || isSubmitted) return;
    const checks = await rulesNow();
    if (checks?.hasMessages(checks.stepMessages(step, form, variant))) {
      showStepProblems(step);
      return;
    }
    goToStep(stepAt(stepIndex(step) + 1));
  };

  const goBack = () => {
    if (isBusy || isSubmitted) return;
    goToStep(stepAt(stepIndex(step) - 1));
  };

  /** Done: filled in and left behind (the Quote step once it is submitted). */
  const isStepCompleted = (target: QuoteStep) =>
    target === "rate"
      ? isSubmitted
      : stepIndex(target) < furthestIndex && isQuoteStepComplete(target, form);

  const canOpenStep = (target: QuoteStep) =>
    !isBusy && !isSubmitted && isStepReachable(target, form);

  /** A click on the progress bar or a tab: back freely, forward only over valid steps. */
  const openStep = async (target: QuoteStep) => {
    if (target === step || !canOpenStep(target)) return;
    if (stepIndex(target) < stepIndex(step)) {
      goToStep(target);
      return;
    }
    const invalid = firstInvalidStep(await rulesNow(), stepIndex(target));
    if (invalid) showStepProblems(invalid);
    else goToStep(target);
  };

  const submit = async () => {
    if (submission.isSending() || isSubmitted) return;
    const quote = syncPrimaryDriver(form);
    const checks = await rulesNow();
    if (submission.isSending()) return;
    const invalid = firstInvalidStep(checks, LAST_STEP_INDEX);
    // The spec's rule first (every step filled), then the step schemas: nothing is sent
    // that the server would refuse for a reason the visitor can fix here.
    if (!isQuoteStepComplete("rate", quote) || invalid) {
      showStepProblems(invalid ?? furthestReachableStep(quote));
      return;
    }
    setSubmitState({ status: "processing" });
    // The home page's dialog and the wizard page are told apart in the consent record.
    const privacy = {
      form: variant === "dialog" ? "home-quote" : "quote",
      contactConsent,
    } as const;
    const outcome = await submission.send({ quote, contactConsent }, (key) =>
      submitQuote(quote, key, privacy),
    );

    if (outcome.ok) {
      // Cleared even if the dialog was closed meanwhile: the quote is with the agency.
      clearQuoteDraft(draftKey);
      if (!isMounted.current) return;
      setSubmitState({ status: "success", quote: outcome.quote });
      setToastMessage(QUOTE_MESSAGES.submittedToast);
      setFocusRequest({ kind: "banner" });
      return;
    }
    if (!isMounted.current) return;
    setSubmitState({ status: "error", message: outcome.message });
    const fieldMessages = submission.showServerMessages(outcome.fieldErrors, isQuoteField);
    const firstStepWithProblem = QUOTE_STEPS.find((candidate) =>
      Object.keys(fieldMessages).some((path) => stepOfField(path) === candidate.id),
    )?.id;
    if (firstStepWithProblem) {
      setStep(firstStepWithProblem);
      setFocusRequest({ kind: "invalid" });
      return;
    }
    // Nothing to fix in a field (the server or the network failed): the visitor's eyes and
    // focus go to the message, not to the page's top or to nowhere.
    setFocusRequest({ kind: "banner" });
  };

  const startNewQuote = () => {
    if (submission.isSending()) return;
    clearQuoteDraft(draftKey);
    submission.reset();
    setForm(newForm(product));
    setMileageMiles("");
    setContactConsent(false);
    setStep("start");
    setFurthestIndex(0);
    setAttempted(new Set());
    setSubmitState({ status: "idle" });
    setToastMessage(null);
    setFocusRequest({ kind: "heading" });
  };

  return {
    variant,
    form,
    maxBirthDate,
    mileageMiles,
    step,
    submitState,
    toastMessage,
    contactConsent,
    setContactConsent,
    isBusy,
    isSubmitted,
    containerRef,
    /** Goes on the container: the rules load at the visitor's first touch of the wizard. */
    loadOnTouch,
    fieldId,
    field,
    setPersonal,
    setVehicle,
    setMileageMilesText,
    setSafetyFeature,
    setDriver,
    canAddDriver,
    addDriver,
    removeDriver,
    setCoverage,
    goForward,
    goBack,
    canOpenStep,
    isStepCompleted,
    openStep,
    submit,
    startNewQuote,
    dismissToast: () => setToastMessage(null),
  };
}

export type QuoteWizard = ReturnType<typeof useQuoteWizard>;
