import {
  AGENCY,
  API_ENDPOINTS,
  type PolicyLeadKind,
  taskDueParts,
  X_DATE_LEAD_DAYS,
  type XDateRecord,
  XDateSchema,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { InputField, SelectField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { formatFullDay, silentFailureText } from "../../lib/format";

const OTHER = "__other__";
const CARRIERS = AGENCY.carriers.map((carrier) => carrier.name);
/** The lead routes' group of each kind. */
const GROUP = { quote: "quotes", contact: "contacts", appointment: "appointments" } as const;
type Field = "carrier" | "otherCarrier" | "xDate";

/**
 * A lost lead's current carrier and its renewal date, the X-date (issue 28 §2, decision
 * 0073): saving makes a task 60 days before it (next year's when that day has passed);
 * changing the X-date moves that task.
 */
export function XDatePanel({
  lead,
  owner,
  canEdit,
}: {
  lead: { kind: PolicyLeadKind; id: string };
  owner: string;
  canEdit: boolean;
}) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const base = useId();
  const endpoints = API_ENDPOINTS[GROUP[lead.kind]] as typeof API_ENDPOINTS.contacts;
  const [record, setRecord] = useState<XDateRecord | null | undefined>(undefined);
  const [values, setValues] = useState<Record<Field, string>>({
    carrier: CARRIERS[0] ?? OTHER,
    otherCarrier: "",
    xDate: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    call(endpoints.xDate, { params: { id: lead.id }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted || !result.ok) return;
        const found = result.data.data;
        setRecord(found);
        if (found) {
          const known = CARRIERS.includes(found.carrier);
          setValues({
            carrier: known ? found.carrier : OTHER,
            otherCarrier: known ? "" : found.carrier,
            xDate: found.xDate,
          });
        }
      })
      .catch(() => {
        // Left before the answer came.
      });
    return () => controller.abort();
  }, [call, endpoints, lead.id]);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const isOther = values.carrier === OTHER;
    const body = { carrier: isOther ? values.otherCarrier : values.carrier, xDate: values.xDate };
    const checked = XDateSchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field: Field =
          issue.path[0] === "xDate" ? "xDate" : isOther ? "otherCarrier" : "carrier";
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (["carrier", "otherCarrier", "xDate"] as const).find((f) => found[f]);
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    setIsBusy(true);
    setFormError(undefined);
    const result = await call(endpoints.setXDate, { params: { id: lead.id }, body });
    setIsBusy(false);
    if (result.ok && result.data.data) {
      setRecord(result.data.data);
      const task = result.data.data.task;
      showToast(
        task
          ? `X-date saved. Task due ${formatFullDay(taskDueParts(task.dueAt).dueDate)}.`
          : "X-date saved.",
      );
    } else if (!result.ok) {
      setFormError(`The X-date was not saved: ${errorText(result, silentFailureText(result))}`);
    }
  }

  const headingId = `${base}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h4 id={headingId} className="text-sm font-bold tracking-wide text-navy-800 uppercase">
        X-date
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        The carrier the prospect stayed with, and when that policy renews. A task comes{" "}
        {X_DATE_LEAD_DAYS} days before.
      </p>
      {record ? (
        <p className="mt-2 text-sm text-slate-900" data-testid="x-date-current">
          {record.carrier}, renews {formatFullDay(record.xDate)}
          {record.task
            ? `; task ${record.task.done ? "done" : "due"} ${formatFullDay(taskDueParts(record.task.dueAt).dueDate)}`
            : ""}
        </p>
      ) : null}
      {canEdit ? (
        <form
          aria-label={`X-date of ${owner}`}
          className="mt-3 space-y-3"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id={`${base}-carrier`}
              label="Current carrier"
              value={values.carrier}
              options={[
                ...CARRIERS.map((name) => ({ value: name, label: name })),
                { value: OTHER, label: "Other carrier" },
              ]}
              error={errors.carrier}
              onValueChange={(value) => set("carrier", value)}
            />
            {values.carrier === OTHER ? (
              <InputField
                id={`${base}-otherCarrier`}
                label="Other carrier's name"
                value={values.otherCarrier}
                maxLength={100}
                autoComplete="off"
                error={errors.otherCarrier}
                onValueChange={(value) => set("otherCarrier", value)}
              />
            ) : null}
            <InputField
              id={`${base}-xDate`}
              label="Renewal date (X-date)"
              type="date"
              value={values.xDate}
              error={errors.xDate}
              onValueChange={(value) => set("xDate", value)}
            />
          </div>
          <PanelSubmit
            error={formError}
            isBusy={isBusy}
            label={record ? "Save X-date" : "Record X-date"}
            busyLabel="Saving…"
            context={`: ${owner}`}
          />
        </form>
      ) : null}
    </section>
  );
}
