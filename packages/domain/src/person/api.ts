import * as z from "zod";
import { CSV_RESPONSE, defineRoute } from "../api/define-route.ts";
import { IdParamsSchema, PathIdSchema, queryText } from "../api/params.ts";
import { TimelineItemSchema } from "../dashboard/api.ts";
import { HouseholdSchema } from "../household/household.ts";
import { LIST_PAGE_FIELDS, ListQuerySchema, MAX_LIST_SEARCH } from "../lead/api.ts";
import { leadEmailRoutes } from "../staff-email/api.ts";
import { StaffEmailSchema } from "../staff-email/schema.ts";
import { PERSON_LEAD_TYPES, PersonSchema, PersonUpdateSchema } from "./person.ts";

/** The sort names the people list accepts (`sort=name` or `sort=latest:desc`). */
export const PEOPLE_SORT_KEYS = ["latest", "name", "created"] as const;
export type PeopleSortKey = (typeof PEOPLE_SORT_KEYS)[number];

/**
 * The people list: a page, a search over name, email and phone (as the lead lists search),
 * a sort, and `has` (people with a live lead of that kind).
 */
export const PeopleListQuerySchema = ListQuerySchema.pick({
  limit: true,
  offset: true,
  sort: true,
}).extend({
  q: queryText(MAX_LIST_SEARCH, `q must be at most ${MAX_LIST_SEARCH} characters`).optional(),
  has: z
    .enum(PERSON_LEAD_TYPES, { error: `has must be one of ${PERSON_LEAD_TYPES.join(", ")}` })
    .optional(),
});
export type PeopleListQuery = z.output<typeof PeopleListQuerySchema>;

/** The export takes the list's search and filter, never a page. */
export const PeopleExportQuerySchema = PeopleListQuerySchema.omit({ limit: true, offset: true });

export const PeopleListSchema = z.object({
  success: z.literal(true),
  data: z.array(PersonSchema),
  ...LIST_PAGE_FIELDS,
});
export type PeopleList = z.output<typeof PeopleListSchema>;

/**
 * The person page: the person, and one timeline of everything behind them (their leads,
 * each with its notes and calls), newest first. Later issues add tasks, emails and
 * policies to the same timeline.
 */
export const PersonPageSchema = z.object({
  success: z.literal(true),
  data: z.object({
    person: PersonSchema,
    timeline: z.array(TimelineItemSchema),
    /** Every lead of this person; more than the timeline holds when over its limit. */
    timelineTotal: z.number(),
    /** Who they live with (decision 0070); null when they are in no household. */
    household: HouseholdSchema.nullable(),
    /**
     * Emails staff sent to the person from their page, newest first (one on a lead shows
     * under that lead in the timeline).
     */
    emails: z.array(StaffEmailSchema),
  }),
});
export type PersonPage = z.output<typeof PersonPageSchema>["data"];

export const PersonChangedSchema = z.object({ success: z.literal(true), data: PersonSchema });

/** How long a merge can be undone. */
export const PERSON_MERGE_UNDO_DAYS = 30;

export const PERSON_MERGE_MESSAGES = {
  self: "A person cannot be merged with themselves",
  otherNotFound: "The person to merge in was not found",
  notUndoable: `Merge not found, already undone, or older than ${PERSON_MERGE_UNDO_DAYS} days`,
  personMissing: "The person this merge kept no longer exists",
  inHousehold:
    "The person to merge in belongs to a household: unlink them from it first, then merge",
} as const;

/** Merge `otherId` into the person of the path: every lead and key moves to them. */
export const PersonMergeBodySchema = z.object({ otherId: PathIdSchema });

export const PersonMergedSchema = z.object({
  success: z.literal(true),
  /** `mergeId` undoes it (POST /api/people/merges/:id/undo) for PERSON_MERGE_UNDO_DAYS. */
  data: z.object({ mergeId: z.string(), person: PersonSchema }),
});

export const PersonMergeUndoneSchema = z.object({
  success: z.literal(true),
  /** The person the merge kept, and the one it brings back. */
  data: z.object({ kept: PersonSchema, restored: PersonSchema }),
});

/** Why two people may be one (issue 27 §1): never merged automatically. */
export const DUPLICATE_REASONS = [
  "same-name-and-zip",
  "same-name-and-date-of-birth",
  "similar-email",
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The most possible duplicates one person page lists. */
export const MAX_DUPLICATES = 20;

export const PersonDuplicatesSchema = z.object({
  success: z.literal(true),
  /** Other people who may be this one, most recently heard from first, with why. */
  data: z.array(z.object({ person: PersonSchema, reasons: z.array(z.enum(DUPLICATE_REASONS)) })),
});
export type PersonDuplicate = z.output<typeof PersonDuplicatesSchema>["data"][number];

/** Groups per page of the Duplicates list when none is asked for, and the most one page holds. */
export const DUPLICATE_GROUPS_PAGE = 25;
export const MAX_DUPLICATE_GROUPS_PAGE = 100;

const duplicateLimitMessage = `limit must be 1 to ${MAX_DUPLICATE_GROUPS_PAGE}`;

/** The Duplicates list: a page of groups (`limit`, `offset`), never a search. */
export const DuplicateGroupsQuerySchema = ListQuerySchema.pick({ offset: true }).extend({
  limit: z.coerce
    .number({ error: duplicateLimitMessage })
    .int(duplicateLimitMessage)
    .min(1, duplicateLimitMessage)
    .max(MAX_DUPLICATE_GROUPS_PAGE, duplicateLimitMessage)
    .optional(),
});
export type DuplicateGroupsQuery = z.output<typeof DuplicateGroupsQuerySchema>;

/** The most people one group of the Duplicates list shows (its `size` says how many share it). */
export const MAX_GROUP_PEOPLE = MAX_DUPLICATES;

/**
 * One group of possible duplicates: people who share a name and ZIP, a name and a date of
 * birth, or an email written differently (decision 0071), most recently heard from first.
 */
export const DuplicateGroupSchema = z.object({
  reason: z.enum(DUPLICATE_REASONS),
  /** How many people share it; more than `people` holds when over MAX_GROUP_PEOPLE. */
  size: z.number(),
  people: z.array(PersonSchema),
});
export type DuplicateGroup = z.output<typeof DuplicateGroupSchema>;

export const DuplicateGroupsSchema = z.object({
  success: z.literal(true),
  /** The email groups first, then by name (one name's groups together). */
  data: z.array(DuplicateGroupSchema),
  ...LIST_PAGE_FIELDS,
});
export type DuplicateGroups = z.output<typeof DuplicateGroupsSchema>;

export const PeopleRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/people",
    summary: "People, a page at a time, searched by name, email or phone, sorted, filtered",
    access: "leads.view",
    query: PeopleListQuerySchema,
    responses: { 200: PeopleListSchema },
  }),
  export: defineRoute({
    method: "GET",
    path: "/api/people/export.csv",
    summary: "Export the searched and filtered people as CSV",
    access: "leads.export",
    query: PeopleExportQuerySchema,
    responses: { 200: CSV_RESPONSE },
  }),
  duplicateGroups: defineRoute({
    method: "GET",
    path: "/api/people/duplicates",
    summary:
      "Possible duplicates across all people, a page of groups at a time: the same name and ZIP or date of birth, or an email written differently",
    access: "leads.view",
    query: DuplicateGroupsQuerySchema,
    responses: { 200: DuplicateGroupsSchema },
  }),
  one: defineRoute({
    method: "GET",
    path: "/api/people/:id",
    summary: "One person with the timeline of everything behind them (404 for an unknown id)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PersonPageSchema },
  }),
  duplicates: defineRoute({
    method: "GET",
    path: "/api/people/:id/duplicates",
    summary:
      "People who may be this one: the same name and ZIP or date of birth, or an email written differently (404 for an unknown id)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PersonDuplicatesSchema },
  }),
  merge: defineRoute({
    method: "POST",
    path: "/api/people/:id/merge",
    summary:
      "Merge another person into this one: their leads and keys move here, both histories kept; audited, undoable for 30 days",
    access: "leads.archive",
    params: IdParamsSchema,
    body: PersonMergeBodySchema,
    responses: { 200: PersonMergedSchema },
  }),
  undoMerge: defineRoute({
    method: "POST",
    path: "/api/people/merges/:id/undo",
    summary: "Undo a merge (within 30 days): the merged person and their leads and keys come back",
    access: "leads.archive",
    params: IdParamsSchema,
    responses: { 200: PersonMergeUndoneSchema },
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/people/:id",
    summary: "Change a person's details (only the fields sent); audited with before and after",
    access: "leads.work",
    params: IdParamsSchema,
    body: PersonUpdateSchema,
    responses: { 200: PersonChangedSchema },
  }),
  // Emails to the person, logged on them; the list holds those on their leads too.
  ...leadEmailRoutes({ label: "people", base: "/api/people" }),
};
