import { useEffect, useLayoutEffect, useState } from "react";

/**
 * Nothing typed before the scripts run is lost (decision 0049).
 *
 * A prerendered form can be typed into, ticked, filled by a password manager and submitted
 * before React has hydrated it; on a phone that window lasts seconds. React keeps what the
 * DOM holds at hydration but not in its state, so the first render after it (the
 * `useIsHydrated` switch, a restored draft) wrote the empty state back over the visitor's
 * text, and a press of Send either submitted the form natively (a reload, the answers in the
 * address bar) or met a disabled button.
 *
 * Two parts:
 * - `EARLY_INPUT_SCRIPT`, inline in every page's <head> (the server allows it by its hash),
 *   holds every form submission made before hydration: no native submit, just a note of the
 *   form and the button pressed.
 * - `useKeepEarlyInput`, in the root component: in the hydration's own commit (a layout
 *   effect, before any later render can reset a field) it hands every value the DOM holds
 *   but React did not render to the form's own handlers, as if typed now; after that state
 *   has rendered, it presses each held submission again, once.
 */

/** What the inline script leaves for the app (`window.__earlyInput`). */
export type EarlyInput = {
  submits: { form: HTMLFormElement; submitter: HTMLElement | null }[];
  stop: () => void;
};

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/**
 * The inline <head> script (kept tiny and ES5: it runs before anything else on the page).
 * Capture phase on the document, registered before React's own listeners on the same node,
 * so `stopImmediatePropagation` also keeps a React root that is mid-hydration from handling
 * the event: each held submission is handled once, by the replay.
 */
export const EARLY_INPUT_SCRIPT =
  '(function(){var d=document,q=[];function h(e){var f=e.target;if(!(f instanceof HTMLFormElement))return;e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<q.length;i++)if(q[i].form===f)return;q.push({form:f,submitter:e.submitter||null})}d.addEventListener("submit",h,true);window.__earlyInput={submits:q,stop:function(){d.removeEventListener("submit",h,true)}}})()';

/** The element's own property setter (its prototype's), which React's value tracker does not see. */
function setNativeProperty(element: Element, property: "value" | "checked", value: unknown) {
  let prototype: object | null = Object.getPrototypeOf(element);
  while (prototype) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, property);
    if (descriptor?.set) {
      descriptor.set.call(element, value);
      return;
    }
    prototype = Object.getPrototypeOf(prototype);
  }
}

const NOT_TYPED_INTO = new Set(["button", "submit", "reset", "image", "file", "hidden"]);

/** The value a single select shows when nothing else was chosen: its default option's. */
function renderedSelectValue(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  const chosen = options.find((option) => option.defaultSelected) ?? options[0];
  return chosen?.value ?? "";
}

/**
 * Hands one control's early value to React: the control is put back to what React rendered
 * through its tracked setter, then set to the visitor's value the way a browser does, and
 * the event React listens for is sent, so its `onChange` runs with the visitor's value.
 * Answers whether the control held something React had not rendered.
 */
export function replayControl(control: Element): boolean {
  if (control instanceof HTMLInputElement) {
    if (NOT_TYPED_INTO.has(control.type)) return false;
    if (control.type === "checkbox" || control.type === "radio") {
      const isChecked = control.checked;
      if (isChecked === control.defaultChecked) return false;
      // A radio group's change is the newly chosen radio's; the one it left follows natively.
      if (control.type === "radio" && !isChecked) return false;
      // A click is what React listens to on these; it toggles the box back to the visitor's choice.
      control.checked = !isChecked;
      control.click();
      return true;
    }
    return replayValue(control);
  }
  if (control instanceof HTMLTextAreaElement) return replayValue(control);
  if (control instanceof HTMLSelectElement) {
    if (control.multiple) {
      const options = Array.from(control.options);
      if (options.every((option) => option.selected === option.defaultSelected)) return false;
    } else if (control.value === renderedSelectValue(control)) return false;
    control.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  return false;
}

function replayValue(control: HTMLInputElement | HTMLTextAreaElement): boolean {
  const typed = control.value;
  const rendered = control.defaultValue;
  if (typed === rendered) return false;
  control.value = rendered;
  setNativeProperty(control, "value", typed);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
}

/** Every control of every form on the page, in document order (so dependent fields follow). */
export function replayEarlyValues(root: Document | Element = document): number {
  let count = 0;
  for (const form of Array.from(root.querySelectorAll("form"))) {
    for (const control of Array.from(form.elements)) if (replayControl(control)) count += 1;
  }
  return count;
}

/** Presses a held submission again, with the button that was pressed when it still can be. */
function submitAgain({ form, submitter }: EarlyInput["submits"][number]) {
  if (!form.isConnected) return;
  const isUsable =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.form === form &&
    !submitter.disabled;
  form.requestSubmit(isUsable ? submitter : undefined);
}

/**
 * The root's part (see the top of this file). Runs once, on the client, at hydration.
 */
export function useKeepEarlyInput(): void {
  const [held, setHeld] = useState<EarlyInput["submits"]>([]);
  useLayoutEffect(() => {
    const early = window.__earlyInput;
    early?.stop();
    replayEarlyValues(document);
    // Pressed again only after the values above are React's state and rendered.
    if (early && early.submits.length > 0) setHeld(early.submits.splice(0));
  }, []);
  useEffect(() => {
    for (const submission of held) submitAgain(submission);
  }, [held]);
}
