import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as initial from "./migrations/20261121120000_initial.ts";
import * as auth from "./migrations/20261121150000_auth.ts";
import * as leadStatus from "./migrations/20261121170000_lead_status.ts";
import * as listIndexes from "./migrations/20261122000000_list_indexes.ts";
import * as rateLimits from "./migrations/20261122010000_rate_limits.ts";
import * as searchIndexes from "./migrations/20261122020000_search_indexes.ts";
import * as redundantIndexes from "./migrations/20261122030000_drop_redundant_indexes.ts";
import * as refreshGrace from "./migrations/20261122040000_refresh_grace.ts";
import * as accountProtection from "./migrations/20261124100000_account_protection.ts";
import * as twoFactor from "./migrations/20261124120000_two_factor.ts";
import * as leadWorkspace from "./migrations/20261125090000_lead_workspace.ts";
import * as search from "./migrations/20261125110000_search.ts";
import * as searchShortTerms from "./migrations/20261125110100_search_short_terms.ts";
import * as liveLeadIndexes from "./migrations/20261125110200_live_lead_indexes.ts";
import * as liveLeadIndexesPostgres from "./migrations/20261125110300_live_lead_indexes_postgres.ts";
import * as leadWork from "./migrations/20261125120000_lead_work.ts";
import * as leadHourCounts from "./migrations/20261125130000_lead_hour_counts.ts";
import * as appointmentSeats from "./migrations/20261126090000_appointment_seats.ts";
import * as appointmentManage from "./migrations/20261126110000_appointment_manage.ts";
import * as reminders from "./migrations/20261126120000_reminders.ts";
import * as closures from "./migrations/20261126120500_closures.ts";
import * as appointmentPersonIndexes from "./migrations/20261128090000_appointment_person_indexes.ts";
import * as appointmentEmailKey from "./migrations/20261128120000_appointment_email_key.ts";
import * as appointmentVisitorMoves from "./migrations/20261128120100_appointment_visitor_moves.ts";
import * as appointmentMovesIndex from "./migrations/20261128193000_appointment_moves_index.ts";
import * as appointmentArchivedMovesIndex from "./migrations/20261128230000_appointment_archived_moves_index.ts";
import * as people from "./migrations/20261129000000_people.ts";
import * as tasks from "./migrations/20261129000100_tasks.ts";
import * as staffEmail from "./migrations/20261129000200_staff_email.ts";
import * as households from "./migrations/20261129000300_households.ts";
import * as peopleTallyMerges from "./migrations/20261129000400_people_tally_merges.ts";
import * as personLiveBeforeTally from "./migrations/20261129000450_person_live_before_tally.ts";
import * as duplicateKeys from "./migrations/20261129000500_duplicate_keys.ts";
import * as taskListIndexes from "./migrations/20261129000900_task_list_indexes.ts";
import * as liveNextTaskPartialIndex from "./migrations/20261129000950_live_next_task_partial_index.ts";
import * as policies from "./migrations/20261129010000_policies.ts";
import * as renewals from "./migrations/20261129020000_renewals.ts";
import * as figures from "./migrations/20261129030000_figures.ts";
import * as importMappings from "./migrations/20261129040000_import_mappings.ts";
import * as reportTally from "./migrations/20261129050000_report_tally.ts";
import * as policyTally from "./migrations/20261129050100_policy_tally.ts";
import * as serviceRequests from "./migrations/20261130010000_service_requests.ts";
import * as serviceDoneTemplate from "./migrations/20261130020000_service_done_template.ts";
import * as consentLedger from "./migrations/20261201010000_consent_ledger.ts";
import * as mailStopLinks from "./migrations/20261201030000_mail_stop_links.ts";
import * as privacyRequests from "./migrations/20261201040000_privacy_requests.ts";
import * as disclosures from "./migrations/20261201050000_disclosures.ts";
import * as auditAppendOnly from "./migrations/20261201060000_audit_log_append_only.ts";

/** Migrations are listed here explicitly so a build or bundler can never miss one. */
const migrations: Record<string, Migration> = {
  "20261121120000_initial": initial,
  "20261121150000_auth": auth,
  "20261121170000_lead_status": leadStatus,
  "20261122000000_list_indexes": listIndexes,
  "20261122010000_rate_limits": rateLimits,
  "20261122020000_search_indexes": searchIndexes,
  "20261122030000_drop_redundant_indexes": redundantIndexes,
  "20261122040000_refresh_grace": refreshGrace,
  "20261124100000_account_protection": accountProtection,
  "20261124120000_two_factor": twoFactor,
  "20261125090000_lead_workspace": leadWorkspace,
  "20261125110000_search": search,
  "20261125110100_search_short_terms": searchShortTerms,
  "20261125110200_live_lead_indexes": liveLeadIndexes,
  "20261125110300_live_lead_indexes_postgres": liveLeadIndexesPostgres,
  "20261125120000_lead_work": leadWork,
  "20261125130000_lead_hour_counts": leadHourCounts,
  "20261126090000_appointment_seats": appointmentSeats,
  "20261126110000_appointment_manage": appointmentManage,
  "20261126120000_reminders": reminders,
  "20261126120500_closures": closures,
  "20261128090000_appointment_person_indexes": appointmentPersonIndexes,
  "20261128120000_appointment_email_key": appointmentEmailKey,
  "20261128120100_appointment_visitor_moves": appointmentVisitorMoves,
  "20261128193000_appointment_moves_index": appointmentMovesIndex,
  "20261128230000_appointment_archived_moves_index": appointmentArchivedMovesIndex,
  "20261129000000_people": people,
  "20261129000100_tasks": tasks,
  "20261129000200_staff_email": staffEmail,
  "20261129000300_households": households,
  "20261129000400_people_tally_merges": peopleTallyMerges,
  "20261129000450_person_live_before_tally": personLiveBeforeTally,
  "20261129000500_duplicate_keys": duplicateKeys,
  "20261129000900_task_list_indexes": taskListIndexes,
  "20261129000950_live_next_task_partial_index": liveNextTaskPartialIndex,
  "20261129010000_policies": policies,
  "20261129040000_import_mappings": importMappings,
  "20261129020000_renewals": renewals,
  "20261129030000_figures": figures,
  "20261129050000_report_tally": reportTally,
  "20261129050100_policy_tally": policyTally,
  "20261130010000_service_requests": serviceRequests,
  "20261130020000_service_done_template": serviceDoneTemplate,
  "20261201010000_consent_ledger": consentLedger,
  "20261201030000_mail_stop_links": mailStopLinks,
  "20261201040000_privacy_requests": privacyRequests,
  "20261201050000_disclosures": disclosures,
  "20261201060000_audit_log_append_only": auditAppendOnly,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
