import {
  ATTACHMENT_MESSAGES,
  formatPhone,
  SERVICE_MESSAGES,
  type ServiceKind,
  type ServiceRequestInput,
} from "@agency/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { addFiles, type ChosenFile, encodeFiles } from "./attachment-files";
import { sendServiceRequest } from "./send-service-request";
import { fieldNamesOf } from "./service-request-fields";

/** The forms' rules (zod), loaded when the visitor first touches a form. */
const serviceRules = lazyModule(() => import("./service-rules"));

/** The domain's words for a file that could not be read (the server's for bad base64). */
const FILE_UNREADABLE = ATTACHMENT_MESSAGES.notBase64;

/** The files' field: its messages are the request's `attachments` (or one file's) errors. */
export const ATTACHMENTS_FIELD = "attachments";

export type ServiceSubmitState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "success"; reference: string }
  | { status: "error"; message: string };

export const serviceControlId = (kind: ServiceKind, field: string) => `service-${kind}-${field}`;

const emptyValues = (kind: ServiceKind) =>
  Object.fromEntries(fieldNamesOf(kind).map((field) => [field, ""])) as Record<string, string>;

/** A server message's field, as the form shows it ("attachments.2.data" → the files' field). */
function formFieldOf(field: string): string {
  return field.startsWith(`${ATTACHMENTS_FIELD}.`) ? ATTACHMENTS_FIELD : field;
}

/**
 * One Client Center form's state, by the contact form's mechanism (use-contact-form.ts):
 * values kept in state (and so what was typed before the scripts ran: lib/early-input),
 * messages on blur and on submit from the domain's schema (loaded on the first touch), a
 * honeypot, one request at a time with one Idempotency-Key per set of answers
 * (lib/use-form-submission), and the failure shown in the form with every value kept.
 * Files are checked by content as they are chosen and encoded only when the form is sent.
 * On success the form is cleared and shows the request's reference.
 */
export function useServiceRequestForm(kind: ServiceKind) {
  const fields = useMemo(() => [...fieldNamesOf(kind), ATTACHMENTS_FIELD], [kind]);
  const [values, setValues] = useState<Record<string, string>>(() => emptyValues(kind));
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [fileRefusals, setFileRefusals] = useState<string[]>([]);
  const [honeypot, setHoneypot] = useState("");
  /** The optional call/text consent (decision 0080): never required, unticked at first. */
  const [contactConsent, setContactConsent] = useState(false);
  const submission = useFormSubmission<string>();
  const { touched, serverMessages, touch, forgetServerMessages } = submission;
  const [submitState, setSubmitState] = useState<ServiceSubmitState>({ status: "idle" });
  const [focusRequest, setFocusRequest] = useState<
    { kind: "field"; field: string } | { kind: "panel" | "errors" } | null
  >(null);
  const isHydrated = useIsHydrated();
  const panelRef = useRef<HTMLDivElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const nextFileId = useRef(0);
  /** The kept files as of now (state lags a render behind). */
  const filesRef = useRef<ChosenFile[]>([]);

  const { module: rules, ensure: ensureRules, loadOnTouch } = useLazyModule(serviceRules);

  /** The answers as the schema reads them (files aside: they are checked as chosen). */
  const input = useMemo<ServiceRequestInput>(
    () =>
      ({
        ...values,
        kind,
        ...(values.phone ? { formattedPhone: formatPhone(values.phone ?? "") } : {}),
        attachments: [],
      }) as unknown as ServiceRequestInput,
    [values, kind],
  );

  const schemaMessages = useMemo<FieldMessages<string>>(() => {
    const check = rules?.checkServiceRequest(input);
    if (!check || check.ok) return {};
    return check.messages;
  }, [rules, input]);

  const errorOf = (field: string): string | undefined =>
    serverMessages[field] ?? (touched.has(field) ? schemaMessages[field] : undefined);

  const fileErrorOf = (): string | undefined =>
    serverMessages[ATTACHMENTS_FIELD] ??
    (fileRefusals.length > 0 ? fileRefusals.join(" ") : undefined);

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    if (focusRequest.kind === "field") {
      document.getElementById(serviceControlId(kind, focusRequest.field))?.focus();
    } else if (focusRequest.kind === "panel") {
      panelRef.current?.focus();
    } else {
      errorsRef.current?.focus();
    }
  }, [focusRequest, kind]);

  const setValue = (field: string, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    forgetServerMessages(field);
  };

  /** The files being checked (a send waits for them). */
  const checkingFiles = useRef<Promise<void>>(Promise.resolve());

  const chooseFiles = (chosen: readonly File[]) => {
    if (chosen.length === 0) return checkingFiles.current;
    checkingFiles.current = checkingFiles.current.then(async () => {
      let choice: Awaited<ReturnType<typeof addFiles>>;
      try {
        choice = await addFiles(filesRef.current, chosen, () => {
          nextFileId.current += 1;
          return `file-${nextFileId.current}`;
        });
      } catch {
        choice = { files: filesRef.current, refusals: [FILE_UNREADABLE] };
      }
      const { files: kept, refusals } = choice;
      filesRef.current = kept;
      setFiles(kept);
      setFileRefusals(refusals);
      forgetServerMessages(ATTACHMENTS_FIELD);
    });
    // The picker is emptied: the list below it shows the files, and the same file can be
    // chosen again after it was removed.
    if (fileInputRef.current) fileInputRef.current.value = "";
    return checkingFiles.current;
  };

  const removeFile = (id: string) => {
    filesRef.current = filesRef.current.filter((chosen) => chosen.id !== id);
    setFiles(filesRef.current);
    setFileRefusals([]);
    forgetServerMessages(ATTACHMENTS_FIELD);
  };

  // Files chosen before the scripts ran sit in the picker: take them in at hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const early = fileInputRef.current?.files;
    if (early && early.length > 0) void chooseFiles(Array.from(early));
  }, []);

  /** From the press to the answer: a second press in between does nothing. */
  const isSubmitting = useRef(false);

  const submit = async () => {
    if (isSubmitting.current || submitState.status === "success") return;
    isSubmitting.current = true;
    try {
      await submitOnce();
    } finally {
      isSubmitting.current = false;
    }
  };

  const submitOnce = async () => {
    submission.setTouched(new Set(fields));
    submission.setServerMessages({});
    const checks = rules ?? (await ensureRules());
    if (submission.isSending()) return;
    if (!checks) {
      setSubmitState({ status: "error", message: SERVICE_MESSAGES.sendFailed });
      setFocusRequest({ kind: "errors" });
      return;
    }
    const check = checks.checkServiceRequest(input);
    if (!check.ok) {
      const first = fields.find((field) => field in check.messages);
      setSubmitState({ status: "idle" });
      if (first) setFocusRequest({ kind: "field", field: first });
      return;
    }
    setSubmitState({ status: "sending" });
    await checkingFiles.current;
    const kept = filesRef.current;
    // The key follows the answers and the files chosen (not their encoding).
    const answers = {
      request: check.value,
      files: kept.map(({ file }) => [file.name, file.size, file.lastModified]),
      honeypot,
      contactConsent,
    };
    const outcome = await submission.send(answers, async (key) => {
      let attachments: Awaited<ReturnType<typeof encodeFiles>>;
      try {
        attachments = await encodeFiles(kept);
      } catch {
        return {
          ok: false as const,
          message: FILE_UNREADABLE,
          fieldErrors: [],
        };
      }
      return sendServiceRequest({ ...check.value, attachments }, honeypot, key, contactConsent);
    });

    if (outcome.ok) {
      submission.reset();
      setValues(emptyValues(kind));
      filesRef.current = [];
      setFiles([]);
      setFileRefusals([]);
      setHoneypot("");
      setContactConsent(false);
      setSubmitState({ status: "success", reference: outcome.reference });
      setFocusRequest({ kind: "panel" });
      return;
    }
    const messages: FieldMessages<string> = {};
    for (const { field, message } of outcome.fieldErrors) {
      const shown = formFieldOf(field);
      if (fields.includes(shown) && !(shown in messages)) messages[shown] = message;
    }
    submission.setServerMessages(messages);
    setSubmitState({ status: "error", message: outcome.message });
    const first = fields.find((field) => field in messages);
    setFocusRequest(first ? { kind: "field", field: first } : { kind: "errors" });
  };

  /** After a success: the empty form again, for another request. */
  const startAgain = () => {
    setSubmitState({ status: "idle" });
    setFocusRequest({ kind: "field", field: fields[0] ?? "name" });
  };

  return {
    kind,
    values,
    setValue,
    touch,
    errorOf,
    files,
    chooseFiles,
    removeFile,
    fileErrorOf,
    fileInputRef,
    honeypot,
    setHoneypot,
    contactConsent,
    setContactConsent,
    submit,
    startAgain,
    submitState,
    isSending: submitState.status === "sending",
    isHydrated,
    loadOnTouch,
    panelRef,
    errorsRef,
  };
}

export type ServiceRequestFormState = ReturnType<typeof useServiceRequestForm>;
