// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  AGENCY,
  API_ENDPOINTS,
  type CsvRecord,
  formatPremium,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type ImportField,
  type ImportMapping,
  type ImportReport,
  mappingProblems,
  parseCsv,
  REQUIRED_IMPORT_FIELDS,
  readImportRow,
} from "@agency/domain";
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { FormAlert } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";

/** Error rows listed on the page; the rest are counted. */
const ERRORS_SHOWN = 1000;

type LoadedFile = { name: string; text: string; header: string[]; rows: CsvRecord[] };

const PROFILE_CARRIERS = AGENCY.carriers.map((carrier) => carrier.name);

const isRequired = (field: ImportField) =>
  (REQUIRED_IMPORT_FIELDS as readonly ImportField[]).includes(field);

/**
 * Settings → Import (issue 28 §4, decision 0075; book.import, Admin and above): pick a CSV
 * another agency system exported, map its columns to ours (the mapping last used with the
 * same header is offered), preview the first rows with each one's problems, import. The
 * file is read here by the domain's parser for the mapping and preview; the server reads
 * it again by the same rules and decides.
 */
export function ImportSection() {
  const { call } = useAuth();
  const id = useId();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [remembered, setRemembered] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const importing = useRef(false);
  const resultRef = useRef<HTMLHeadingElement>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    setFile(null);
    setReport(null);
    setImportError(null);
    setFileError(null);
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) {
      setFileError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    const text = await picked.text();
    const parsed = parseCsv(text);
    if (parsed.unclosedQuoteLine !== null) {
      setFileError(IMPORT_MESSAGES.unclosedQuote(parsed.unclosedQuoteLine));
      return;
    }
    const [header, ...rows] = parsed.records;
    if (!header || rows.length === 0) {
      setFileError(IMPORT_MESSAGES.empty);
      return;
    }
    const answer = await call(API_ENDPOINTS.imports.mapping, { body: { header: header.cells } });
    if (!answer.ok) {
      setFileError(errorText(answer, "The file's columns could not be read."));
      return;
    }
    setMapping(answer.data.data.mapping);
    setRemembered(answer.data.data.remembered);
    setFile({ name: picked.name, text, header: header.cells, rows });
  }

  // The result takes the focus once it is on the page (keyboard and screen reader users
  // land on it); a frame after the answer can still be before React has rendered it.
  useEffect(() => {
    if (report) resultRef.current?.focus();
  }, [report]);

  const problems = useMemo(
    () => (file ? mappingProblems(mapping, file.header.length) : []),
    [file, mapping],
  );
  const preview = useMemo(
    () =>
      file && problems.length === 0
        ? file.rows.slice(0, IMPORT_PREVIEW_ROWS).map((record) => ({
            record,
            result: readImportRow(record.cells, mapping, { carriers: PROFILE_CARRIERS }),
          }))
        : [],
    [file, mapping, problems],
  );

  function choose(field: ImportField, value: string) {
    setReport(null);
    setMapping((previous) => {
      const next = { ...previous };
      if (value === "") delete next[field];
      else next[field] = Number(value);
      return next;
    });
  }

  async function runImport() {
    if (!file || problems.length > 0 || importing.current) return;
    importing.current = true;
    setIsImporting(true);
    setImportError(null);
    setReport(null);
    const result = await call(API_ENDPOINTS.imports.run, { body: { csv: file.text, mapping } });
    importing.current = false;
    setIsImporting(false);
    if (result.ok) {
      setReport(result.data.data);
      setRemembered(true);
    } else
      setImportError(errorText(result, "The import failed. Nothing was half written: try again."));
  }

  const fileInputId = `${id}-file`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 xl:col-span-2"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Import a book of business
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Bring people and policies in from a CSV file another agency system exported. People are
        matched by email or phone; a policy already recorded (same carrier and policy number) is
        left as it is, so importing a file again creates nothing new.
      </p>
      <label htmlFor={fileInputId} className="block text-sm font-semibold text-slate-900">
        CSV file
      </label>
      <input
        id={fileInputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void pick(event)}
        className="mt-1 block w-full max-w-md text-sm text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-navy-900 file:px-3 file:py-2 file:font-semibold file:text-white"
      />
      {fileError ? (
        <div className="mt-3">
          <FormAlert>{fileError}</FormAlert>
        </div>
      ) : null}

      {file ? (
        <>
          <h3 className="mt-6 text-base font-bold text-navy-900">Columns</h3>
          <p className="mt-1 text-sm text-slate-700">
            {file.name}: {file.rows.length.toLocaleString("en-US")}{" "}
            {file.rows.length === 1 ? "row" : "rows"} below the header.{" "}
            {remembered
              ? "The columns are mapped as last time for this header."
              : "Choose the column of the file for each field; it is remembered for files with this header."}
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {IMPORT_FIELDS.map((field) => {
              const selectId = `${id}-map-${field}`;
              return (
                <div key={field}>
                  <label htmlFor={selectId} className="block text-sm font-semibold text-slate-900">
                    {IMPORT_FIELD_LABELS[field]}
                    {isRequired(field) ? <span className="text-slate-600"> (required)</span> : null}
                  </label>
                  <select
                    id={selectId}
                    value={mapping[field] === undefined ? "" : String(mapping[field])}
                    onChange={(event) => choose(field, event.target.value)}
                    className={inputClass}
                  >
                    <option value="">Not in the file</option>
                    {file.header.map((name, column) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                      <option key={column} value={String(column)}>
                        {name.trim() === "" ? `Column ${column + 1}` : name}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </div>
          {problems.length > 0 ? (
            <ul className="mt-3 list-disc pl-5 text-sm text-red-800" aria-live="polite">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : (
            <>
              <h3 className="mt-6 text-base font-bold text-navy-900">
                Preview of the first {Math.min(IMPORT_PREVIEW_ROWS, file.rows.length)} rows
              </h3>
              <section
                aria-label="Preview of the first rows"
                // A wide table scrolls sideways on small screens; the region is focusable so
                // keyboard users can scroll it too.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
                tabIndex={0}
                className="mt-2 overflow-x-auto rounded-lg ring-1 ring-slate-200"
              >
                <table className="min-w-full text-left text-sm">
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Line
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Name
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Carrier
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Policy number
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Effective
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Premium
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Problems
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.map(({ record, result }) => {
                      const cell = (field: ImportField) =>
                        mapping[field] === undefined ? "" : (record.cells[mapping[field]] ?? "");
                      return (
                        <tr key={record.line} className="border-t border-slate-100 align-top">
                          <td className="px-3 py-2 tabular-nums">{record.line}</td>
                          <td className="px-3 py-2">
                            {`${cell("firstName")} ${cell("lastName")}`.trim()}
                          </td>
                          <td className="px-3 py-2">{cell("carrier")}</td>
                          <td className="px-3 py-2">{cell("policyNumber")}</td>
                          <td className="px-3 py-2">
                            {result.ok ? result.row.policy.effectiveDate : cell("effectiveDate")}
                          </td>
                          <td className="px-3 py-2 tabular-nums">
                            {result.ok
                              ? formatPremium(result.row.policy.premiumCents)
                              : cell("annualPremium")}
                          </td>
                          <td className="px-3 py-2">
                            {result.ok ? (
                              <span className="text-green-800">Ready</span>
                            ) : (
                              <ul className="text-red-800">
                                {result.problems.map((problem) => (
                                  <li key={problem}>{problem}</li>
                                ))}
                              </ul>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </section>
            </>
          )}
          <div className="mt-4">
            <button
              type="button"
              className={primaryButtonClass}
              disabled={problems.length > 0 || isImporting}
              aria-disabled={problems.length > 0 || isImporting}
              onClick={() => void runImport()}
            >
              {isImporting
                ? "Importing…"
                : `Import ${file.rows.length.toLocaleString("en-US")} ${file.rows.length === 1 ? "row" : "rows"}`}
            </button>
          </div>
          <p className="sr-only" aria-live="polite">
            {isImporting ? "Importing, please wait." : ""}
          </p>
        </>
      ) : null}

      {importError ? (
        <div className="mt-3">
          <FormAlert>{importError}</FormAlert>
        </div>
      ) : null}
      {report ? <ImportResult report={report} headingRef={resultRef} /> : null}
    </section>
  );
}

function ImportResult({
  report,
  headingRef,
}: {
  report: ImportReport;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    <div className="mt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-bold text-navy-900">
        Import finished
      </h3>
      <p className="mt-1 text-sm text-slate-800" role="status">
        {count(report.created)} created, {count(report.existing)} already there,{" "}
        {count(report.errors.length)} {report.errors.length === 1 ? "error" : "errors"} (
        {count(report.peopleCreated)} new people).
      </p>
      {report.errors.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-bold text-slate-900">Rows not imported</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800" aria-label="Rows not imported">
            {report.errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={error.line}>
                <span className="font-semibold">Line {error.line}:</span> {error.reason}
              </li>
            ))}
          </ul>
          {report.errors.length > ERRORS_SHOWN ? (
            <p className="mt-1 text-sm text-slate-700">
              And {count(report.errors.length - ERRORS_SHOWN)} more.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
