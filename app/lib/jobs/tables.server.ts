/**
 * pg-boss's own tables, described for Drizzle so that job lists and a
 * video's job states are read with the query builder (typed columns, dates
 * as Date on both drivers). pg-boss creates and migrates them; these
 * definitions are not part of the app's schema or its migrations.
 */
import { integer, jsonb, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { JobState } from "./status-types";

export const BOSS_SCHEMA = "pgboss";

const pgboss = pgSchema(BOSS_SCHEMA);

const at = (name: string) => timestamp(name, { withTimezone: true });

const jobColumns = () => ({
  id: uuid("id").notNull(),
  name: text("name").notNull(),
  data: jsonb("data").$type<unknown>(),
  /** pgboss.job_state: "created", "retry", "active", "completed", "cancelled", "failed" (pg-boss's names) */
  state: text("state").notNull(),
  retryLimit: integer("retry_limit").notNull(),
  retryCount: integer("retry_count").notNull(),
  startAfter: at("start_after").notNull(),
  startedOn: at("started_on"),
  singletonKey: text("singleton_key"),
  createdOn: at("created_on").notNull(),
  completedOn: at("completed_on"),
  output: jsonb("output").$type<unknown>(),
});

export const bossJobs = pgboss.table("job", jobColumns());
export const bossArchive = pgboss.table("archive", { ...jobColumns(), archivedOn: at("archived_on") });

export { JOB_STATES, type JobState } from "./status-types";

/** Waiting to run (created, or failed and waiting to be retried). */
export const WAITING_STATES: readonly JobState[] = ["created", "retry"];
export const PENDING_STATES: readonly JobState[] = ["created", "retry", "active"];
