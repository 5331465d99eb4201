// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  API_ENDPOINTS,
  EMAIL_TEMPLATE_NAME_MAX_LENGTH,
  type EmailTemplate,
  EmailTemplateInputSchema,
  STAFF_EMAIL_BODY_MAX_LENGTH,
  STAFF_EMAIL_SUBJECT_MAX_LENGTH,
  TEMPLATE_PLACEHOLDER_LABELS,
  TEMPLATE_PLACEHOLDERS,
} from "@agency/domain";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { InputField, TextAreaField } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";

type Field = "name" | "subject" | "body";
const FIELDS: readonly Field[] = ["name", "subject", "body"];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);
type FieldErrors = Partial<Record<Field, string>>;
const emptyForm = () => ({ name: "", subject: "", body: "" });

const PLACEHOLDER_HINT = `Placeholders: ${TEMPLATE_PLACEHOLDERS.map(
  (name) => `{{${name}}} for ${TEMPLATE_PLACEHOLDER_LABELS[name]}`,
).join(", ")}.`;

/**
 * The saved email templates (templates.manage: Managers and above; decision 0068): staff
 * pick one when they write to a lead, and its placeholders are filled then. The server
 * enforces who may change them; this section is only shown to those who may.
 */
export function EmailTemplatesSection() {
  const { call } = useAuth();
  const id = useId();
  const [templates, setTemplates] = useState<EmailTemplate[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const isDeleting = useRef(false);
  const idOf = (field: Field) => `${id}-${field}`;

  const load = useCallback(async () => {
    const result = await call(API_ENDPOINTS.emailTemplates.list);
    if (result.ok) {
      setTemplates(result.data.data);
      setLoadError(null);
    } else setLoadError(errorText(result, "The templates could not be loaded."));
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  function showFieldErrors(errors: FieldErrors) {
    setFieldErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  function edit(template: EmailTemplate | null) {
    setEditing(template);
    setForm(
      template
        ? { name: template.name, subject: template.subject, body: template.body }
        : emptyForm(),
    );
    setFieldErrors({});
    setFormError(null);
    setNotice(null);
    if (template) setTimeout(() => document.getElementById(idOf("name"))?.focus(), 0);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setNotice(null);
    setFormError(null);
    const parsed = EmailTemplateInputSchema.safeParse(form);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (isField(field) && !errors[field]) errors[field] = issue.message;
      }
      showFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setIsSaving(true);
    const result = editing
      ? await call(API_ENDPOINTS.emailTemplates.update, {
          params: { id: editing._id },
          body: parsed.data,
        })
      : await call(API_ENDPOINTS.emailTemplates.create, { body: parsed.data });
    setIsSaving(false);
    if (result.ok) {
      setNotice(
        editing ? `Template “${parsed.data.name}” saved.` : `Template “${parsed.data.name}” added.`,
      );
      setEditing(null);
      setForm(emptyForm());
      await load();
      return;
    }
    const errors: FieldErrors = {};
    for (const { field, message } of result.errors) {
      if (isField(field) && !errors[field]) errors[field] = message;
    }
    if (Object.keys(errors).length > 0) {
      showFieldErrors(errors);
      return;
    }
    setFormError(errorText(result, "The template could not be saved."));
  }

  async function remove(template: EmailTemplate) {
    if (isDeleting.current) return;
    isDeleting.current = true;
    setDeleteError(null);
    const result = await call(API_ENDPOINTS.emailTemplates.delete, {
      params: { id: template._id },
    });
    isDeleting.current = false;
    if (!result.ok && result.status !== 404) {
      setDeleteError(errorText(result, "The template could not be deleted."));
      return;
    }
    setToDelete(null);
    if (editing?._id === template._id) edit(null);
    setNotice(`Template “${template.name}” deleted.`);
    await load();
  }

  const setField = (field: Field) => (value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 xl:col-span-2"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Email templates
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Staff pick a template when they email a lead from its page; they can change the text before
        sending.
      </p>

      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}

      <form
        noValidate
        onSubmit={(event) => void save(event)}
        className="space-y-4"
        aria-label={editing ? `Edit the template “${editing.name}”` : "New template"}
      >
        <h3 className="text-base font-bold text-navy-900">
          {editing ? `Edit “${editing.name}”` : "New template"}
        </h3>
        <InputField
          id={idOf("name")}
          label="Template name"
          value={form.name}
          maxLength={EMAIL_TEMPLATE_NAME_MAX_LENGTH}
          error={fieldErrors.name}
          onValueChange={setField("name")}
        />
        <InputField
          id={idOf("subject")}
          label="Subject"
          value={form.subject}
          maxLength={STAFF_EMAIL_SUBJECT_MAX_LENGTH}
          error={fieldErrors.subject}
          onValueChange={setField("subject")}
        />
        <TextAreaField
          id={idOf("body")}
          label="Message"
          rows={6}
          value={form.body}
          maxLength={STAFF_EMAIL_BODY_MAX_LENGTH}
          hint={PLACEHOLDER_HINT}
          error={fieldErrors.body}
          onValueChange={setField("body")}
        />
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={isSaving}
            aria-busy={isSaving}
          >
            {isSaving ? "Saving…" : editing ? "Save template" : "Add template"}
          </button>
          {editing ? (
            <button type="button" className={secondaryButtonClass} onClick={() => edit(null)}>
              Cancel editing
            </button>
          ) : null}
        </div>
      </form>

      <h3 className="mt-6 mb-2 text-base font-bold text-navy-900">Saved templates</h3>
      {deleteError ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {deleteError}
        </p>
      ) : null}
      {loadError ? (
        <p role="alert" className="text-sm text-red-800">
          {loadError}
        </p>
      ) : templates === null ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : templates.length === 0 ? (
        <p className="text-sm text-slate-700">No templates yet.</p>
      ) : (
        <ul aria-label="Saved templates" className="space-y-2">
          {templates.map((template) => (
            <li key={template._id} className="rounded-md p-3 text-sm ring-1 ring-slate-200">
              <p className="font-semibold wrap-anywhere text-navy-900">{template.name}</p>
              <p className="wrap-anywhere text-slate-700">{template.subject}</p>
              <p className="mt-1 line-clamp-3 wrap-anywhere whitespace-pre-line text-slate-900">
                {template.body}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => edit(template)}
                >
                  Edit<span className="sr-only"> the template “{template.name}”</span>
                </button>
                {toDelete === template._id ? (
                  <>
                    <button
                      type="button"
                      className={dangerButtonClass}
                      onClick={() => void remove(template)}
                    >
                      Yes, delete<span className="sr-only"> the template “{template.name}”</span>
                    </button>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => setToDelete(null)}
                    >
                      Keep it
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => setToDelete(template._id)}
                  >
                    Delete<span className="sr-only"> the template “{template.name}”</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
