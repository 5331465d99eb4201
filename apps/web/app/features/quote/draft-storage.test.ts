import { createDriver, createEmptyQuoteForm, QUOTE_LIMITS } from "@agency/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearQuoteDraft, loadQuoteDraft, QUOTE_DRAFT_KEY, saveQuoteDraft } from "./draft-storage";

const store = (value: unknown) =>
  sessionStorage.setItem(
    QUOTE_DRAFT_KEY,
    typeof value === "string" ? value : JSON.stringify(value),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("quote draft storage", () => {
  it("gives back what was saved", () => {
    const form = createEmptyQuoteForm();
    form.personalInfo.firstName = "Ann";
    form.vehicleInfo.safetyFeatures = ["Anti-lock brakes"];
    saveQuoteDraft(QUOTE_DRAFT_KEY, { form, mileageMiles: "12000", step: "vehicle" });
    const draft = loadQuoteDraft(QUOTE_DRAFT_KEY);
    expect(draft?.step).toBe("vehicle");
    expect(draft?.mileageMiles).toBe("12000");
    expect(draft?.form.personalInfo.firstName).toBe("Ann");
    // The first driver mirrors the applicant.
    expect(draft?.form.drivers[0]?.firstName).toBe("Ann");
  });

  it("has no draft when nothing, or something unreadable, is stored", () => {
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)).toBeNull();
    store("{not json");
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)).toBeNull();
    store([1, 2]);
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it("keeps only known keys of the right type from an old or hand-edited draft", () => {
    store({
      step: "no-such-step",
      mileageMiles: 5,
      form: {
        product: 42,
        personalInfo: { firstName: "Ann", lastName: 7, injected: "<script>" },
        vehicleInfo: { make: "Ford", safetyFeatures: ["Anti-lock brakes", "Rocket boosters", 3] },
        drivers: "not a list",
        coverage: null,
      },
    });
    const draft = loadQuoteDraft(QUOTE_DRAFT_KEY);
    const empty = createEmptyQuoteForm();
    expect(draft?.step).toBe("start");
    expect(draft?.mileageMiles).toBe("");
    expect(draft?.form.product).toBe(empty.product);
    expect(draft?.form.personalInfo.firstName).toBe("Ann");
    expect(draft?.form.personalInfo.lastName).toBe(empty.personalInfo.lastName);
    expect(draft?.form.personalInfo).not.toHaveProperty("injected");
    expect(draft?.form.vehicleInfo.make).toBe("Ford");
    expect(draft?.form.vehicleInfo.safetyFeatures).toEqual(["Anti-lock brakes"]);
    expect(draft?.form.drivers).toHaveLength(1);
    expect(draft?.form.coverage).toEqual(empty.coverage);
  });

  it("keeps at most the allowed number of drivers", () => {
    const drivers = Array.from({ length: QUOTE_LIMITS.maxDriverCount + 3 }, () =>
      createDriver("additional"),
    );
    store({ form: { ...createEmptyQuoteForm(), drivers }, step: "drivers", mileageMiles: "" });
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)?.form.drivers).toHaveLength(QUOTE_LIMITS.maxDriverCount);
  });

  it("clears a draft", () => {
    saveQuoteDraft(QUOTE_DRAFT_KEY, {
      form: createEmptyQuoteForm(),
      mileageMiles: "",
      step: "start",
    });
    clearQuoteDraft(QUOTE_DRAFT_KEY);
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it("keeps working when storage refuses (private mode, full)", () => {
    const refuse = () => {
      throw new DOMException("The storage is not available", "SecurityError");
    };
    vi.stubGlobal("sessionStorage", { getItem: refuse, setItem: refuse, removeItem: refuse });
    const draft = { form: createEmptyQuoteForm(), mileageMiles: "", step: "start" as const };
    expect(() => saveQuoteDraft(QUOTE_DRAFT_KEY, draft)).not.toThrow();
    expect(loadQuoteDraft(QUOTE_DRAFT_KEY)).toBeNull();
    expect(() => clearQuoteDraft(QUOTE_DRAFT_KEY)).not.toThrow();
  });
});
