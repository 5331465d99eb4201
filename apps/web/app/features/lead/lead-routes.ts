import type {
  API_ENDPOINTS,
  AppointmentRecord,
  ContactRecord,
  Endpoint,
  QuoteRecord,
  ServiceRecord,
} from "@agency/domain";
import type { WorkView } from "../../lib/dashboard-views";

type RouteOf<E> = E extends Endpoint<infer R> ? R : never;
type LeadEndpoints = (typeof API_ENDPOINTS)[WorkView];

/**
 * A route every kind of lead has (status, notes, assign, …), whichever kind (a service
 * request is worked as one, decision 0077): the union of
 * the kinds' definitions, which share their parameters, body and answer. Named as `call`'s
 * type argument, it lets one component call `API_ENDPOINTS[view].<name>` for any kind:
 * `call<LeadRoute<"status">>(API_ENDPOINTS[view].status, { params: { id }, body })`.
 */
export type LeadRoute<Name extends keyof LeadEndpoints> = RouteOf<LeadEndpoints[Name]>;

/** Each kind's record (the `one` routes answer `{ data: <record> }`; use-lead checks it). */
export type LeadRecords = {
  quotes: QuoteRecord;
  contacts: ContactRecord;
  appointments: AppointmentRecord;
  service: ServiceRecord;
};
export type LeadRecordOf<V extends WorkView> = LeadRecords[V];
