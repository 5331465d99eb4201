import { InputField, PhoneField, SelectField, TextAreaField } from "../../components/form-controls";
import { cn } from "../../lib/cn";
import type { FieldSpec } from "./lead-fields";

interface LeadFieldProps {
  field: FieldSpec;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** A date field's first and last choosable days. */
  min?: string | undefined;
  max?: string | undefined;
}

/** One field of a lead form, with the public forms' controls (label, hint, message below). */
export function LeadField({ field, id, value, error, onChange, onBlur, min, max }: LeadFieldProps) {
  const common = {
    id,
    name: field.path,
    label: field.label,
    error,
    onValueChange: onChange,
    onBlur,
    className: cn(field.isWide && "sm:col-span-2"),
    ...(field.isOptional ? { isOptional: true } : {}),
    ...(field.hint ? { hint: field.hint } : {}),
  };
  switch (field.type) {
    case "phone":
      return (
        <PhoneField
          {...common}
          digits={value}
          onDigitsChange={onChange}
          autoComplete="off"
          hint="10 digits, for example (612) 555-0100"
        />
      );
    case "select":
      return (
        <SelectField
          {...common}
          value={value}
          options={field.options ?? []}
          {...(field.placeholder === undefined ? {} : { placeholder: field.placeholder })}
        />
      );
    case "textarea":
      return <TextAreaField {...common} value={value} rows={4} />;
    default:
      return (
        <InputField
          {...common}
          type={field.type === "email" ? "email" : field.type === "date" ? "date" : "text"}
          value={value}
          autoComplete={field.autoComplete ?? "off"}
          min={min}
          max={max}
          spellCheck={field.type === "email" ? false : undefined}
          {...(field.type === "email" ? { inputMode: "email" as const } : {})}
        />
      );
  }
}
