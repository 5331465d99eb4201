import {
  API_ENDPOINTS,
  type DoNotContactKind,
  doNotContactLabel,
  formatRevokedSince,
} from "@agency/domain";
import { useEffect, useState } from "react";
import { useAuth } from "../../lib/auth";

/**
 * Since when a person, or a lead's person, asked not to be contacted (decision 0081), as a
 * formatted day; null while unknown or when they have not.
 */
export function useDoNotContact(kind: DoNotContactKind, id: string): string | null {
  const { call } = useAuth();
  const [since, setSince] = useState<string | null>(null);
  useEffect(() => {
    if (id === "") return;
    const controller = new AbortController();
    call(API_ENDPOINTS.stopLink.doNotContact, {
      params: { kind, id },
      signal: controller.signal,
    }).then(
      (answer) => {
        if (answer.ok) setSince(answer.data.data.since);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [call, kind, id]);
  return since === null ? null : formatRevokedSince(since);
}

/** "Asked not to be contacted since Nov 29, 2026" on a person or lead page; nothing otherwise. */
export function DoNotContactBadge({ kind, id }: { kind: DoNotContactKind; id: string }) {
  const since = useDoNotContact(kind, id);
  if (since === null) return null;
  return (
    <p className="inline-flex items-center rounded-full border border-red-300 bg-red-50 px-3 py-1 text-sm font-semibold text-red-900">
      {doNotContactLabel(since)}
    </p>
  );
}
