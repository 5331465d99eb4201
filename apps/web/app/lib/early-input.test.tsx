import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { EARLY_INPUT_SCRIPT, useKeepEarlyInput } from "./early-input";

declare global {
  // React's act() environment flag (React warns without it in tests).
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

type Answers = { name: string; note: string; kind: string; agree: boolean; size: string };
const submitted: Answers[] = [];
let renders: Answers[] = [];

/** A controlled form, as the site's are, that re-renders once after hydration (as useIsHydrated does). */
function Form() {
  useKeepEarlyInput();
  const [answers, setAnswers] = useState<Answers>({
    name: "",
    note: "",
    kind: "a",
    agree: false,
    size: "s",
  });
  renders.push(answers);
  const set = (patch: Partial<Answers>) => setAnswers((previous) => ({ ...previous, ...patch }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted.push(answers);
      }}
    >
      <input
        aria-label="name"
        value={answers.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <textarea
        aria-label="note"
        value={answers.note}
        onChange={(e) => set({ note: e.target.value })}
      />
      <select
        aria-label="kind"
        value={answers.kind}
        onChange={(e) => set({ kind: e.target.value })}
      >
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <input
        type="checkbox"
        aria-label="agree"
        checked={answers.agree}
        onChange={(e) => set({ agree: e.target.checked })}
      />
      {["s", "m"].map((size) => (
        <input
          key={size}
          type="radio"
          name="size"
          aria-label={size}
          value={size}
          checked={answers.size === size}
          onChange={() => set({ size })}
        />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  submitted.length = 0;
  renders = [];
  window.__earlyInput?.stop();
  delete window.__earlyInput;
});

/** The prerendered form in the page, with the inline <head> script already run. */
function prerender(): HTMLFormElement {
  // The exact text the page runs inline.
  new Function(EARLY_INPUT_SCRIPT)();
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container.querySelector("form") as HTMLFormElement;
}

function hydrate(form: HTMLFormElement) {
  act(() => {
    root = hydrateRoot(form.parentElement as HTMLElement, <Form />);
  });
}

/** What a person does to the DOM before any script of the app runs. */
function typeEarly(form: HTMLFormElement) {
  (form.querySelector("[aria-label=name]") as HTMLInputElement).value = "Zoë 👋";
  (form.querySelector("[aria-label=note]") as HTMLTextAreaElement).value = "住宅保険";
  (form.querySelector("[aria-label=kind]") as HTMLSelectElement).value = "b";
  (form.querySelector("[aria-label=agree]") as HTMLInputElement).checked = true;
  (form.querySelector("[aria-label=m]") as HTMLInputElement).checked = true;
}

describe("useKeepEarlyInput", () => {
  it("hands every early value to the form's state at hydration", () => {
    const form = prerender();
    typeEarly(form);
    hydrate(form);
    expect(renders.at(-1)).toEqual({
      name: "Zoë 👋",
      note: "住宅保険",
      kind: "b",
      agree: true,
      size: "m",
    });
    expect((form.querySelector("[aria-label=name]") as HTMLInputElement).value).toBe("Zoë 👋");
  });

  it("holds a submission made before hydration and makes it once afterwards, with the answers", async () => {
    const form = prerender();
    typeEarly(form);
    const press = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(press);
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(press.defaultPrevented).toBe(true);
    expect(window.__earlyInput?.submits).toHaveLength(1);
    hydrate(form);
    await act(async () => {});
    expect(submitted).toEqual([
      { name: "Zoë 👋", note: "住宅保険", kind: "b", agree: true, size: "m" },
    ]);
  });

  it("leaves an untouched form alone and stops holding submissions once live", async () => {
    const form = prerender();
    hydrate(form);
    expect(renders.every((answers) => answers.name === "" && answers.kind === "a")).toBe(true);
    act(() => {
      form.requestSubmit();
    });
    expect(submitted).toHaveLength(1);
  });
});
