/**
 * The "Legislative system" card of /admin/city-management: what it shows
 * (never the token itself) and what its forms do
 * (docs/decisions/0067-legistar-record.md). The city management module
 * wires these to the page's loader and action.
 */
import type { z } from "zod";
import { countOf } from "~/lib/format/count";
import type { ToastInput } from "~/lib/toast/toast";
import { LegistarError } from "./client.server";
import { isDemoClient } from "./demo-record";
import { requestLegistarSync, legistarSyncState } from "./requests.server";
import {
  LEGISLATIVE_MESSAGES as M,
  type SaveLegislativeSourceSchema,
  type SyncLegislativeRecordSchema,
  type TestLegislativeSourceSchema,
} from "./source-form";
import { getLegislativeSource, saveLegislativeSource } from "./store.server";
import { listBodies } from "./sync.server";

export type LegislativeCard = {
  clientId: string;
  timeZone: string;
  /** Whether a token is saved: the token itself never leaves the server. */
  tokenSaved: boolean;
  lastSyncedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  sync: "queued" | "running" | null;
};

export async function loadLegislativeCard(cityId: string): Promise<LegislativeCard | null> {
  const source = await getLegislativeSource(cityId);
  if (!source) return null;
  return {
    clientId: source.clientId,
    timeZone: source.timeZone,
    tokenSaved: Boolean(source.token),
    lastSyncedAt: source.lastSyncedAt,
    lastAttemptAt: source.lastAttemptAt,
    lastError: source.lastError,
    lastErrorAt: source.lastErrorAt,
    sync: await legistarSyncState(cityId),
  };
}

/** Thrown when the city has no legislative system to test or sync (404 with the words). */
export class NoLegislativeSource extends Error {
  constructor() {
    super(M.noSource);
  }
}

/** Saves the card; answers what the success toast adds. */
export async function saveLegislativeCard(
  posted: z.output<typeof SaveLegislativeSourceSchema>,
): Promise<Partial<ToastInput>> {
  const token = posted.token ?? (posted.clearToken ? null : undefined);
  const { clientChanged } = await saveLegislativeSource(posted.cityId, {
    clientId: posted.clientId,
    timeZone: posted.timeZone,
    token,
  });
  return clientChanged ? { description: M.clientChanged } : {};
}

/** The Test button: the saved client's bodies, or why Legistar cannot be read (an error toast). */
export async function testLegislativeSource(
  posted: z.output<typeof TestLegislativeSourceSchema>,
): Promise<Partial<ToastInput>> {
  const source = await getLegislativeSource(posted.cityId);
  if (!source) throw new NoLegislativeSource();
  if (isDemoClient(source.clientId)) return { type: "info", description: M.demoRecord };
  try {
    const bodies = await listBodies({ client: source.clientId, token: source.token });
    return {
      description: bodies.length ? `${countOf(bodies.length, "body", "bodies")}: ${bodies.join(", ")}.` : M.noBodies,
    };
  } catch (error) {
    if (!(error instanceof LegistarError)) throw error;
    return { type: "error", title: M.testFailed, description: error.message };
  }
}

/** Sync now: queued, or already waiting. */
export async function queueLegislativeSync(
  posted: z.output<typeof SyncLegislativeRecordSchema>,
  userId: string,
): Promise<Partial<ToastInput>> {
  const request = await requestLegistarSync(posted.cityId, userId);
  if (request.status === "no-source") throw new NoLegislativeSource();
  if (request.status === "demo") return { type: "info", description: M.demoRecord };
  return request.status === "queued"
    ? { type: "info", description: M.syncQueuedText }
    : { type: "info", description: M.syncWaiting };
}
