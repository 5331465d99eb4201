import { HONEYPOT_FIELD } from "@agency/domain";

/**
 * The public forms' trap for form-filling bots (the contract's HONEYPOT_FIELD): out of
 * sight, out of the tab order and out of the accessibility tree, so people and screen
 * readers never meet it. `idPrefix` keeps its id unique when several forms share a page.
 */
export function HoneypotField({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute size-0 overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="size-0 border-0 p-0 opacity-0"
      />
    </div>
  );
}
