/**
 * The records of the Legistar Web API (`/v1/{client}/…`) that Gavel reads,
 * with their field names exactly as the API sends them. Only the fields the
 * sync stores in columns are checked; every record keeps the rest (it is
 * stored whole as raw JSON), so unknown fields never fail a sync.
 *
 * Dates come as local "2026-03-04T00:00:00" strings (no zone: the city's),
 * last-modified times as UTC without a zone ("2026-03-05T17:22:41.77").
 */
import { z } from "zod";

const id = z.number().int();
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const flag = z
  .number()
  .int()
  .nullish()
  .transform((value) => value ?? null);
/** A Legistar timestamp ("2026-03-05T17:22:41.77", optionally with a zone); kept as sent. */
const stamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/, "is not a Legistar date")
  .nullish()
  .transform((value) => value ?? null);

export const bodyRecord = z.looseObject({
  BodyId: id,
  BodyName: z.string(),
  BodyTypeName: text,
  BodyActiveFlag: flag,
  BodyLastModifiedUtc: stamp,
});

export const personRecord = z.looseObject({
  PersonId: id,
  PersonFullName: z.string(),
  PersonActiveFlag: flag,
  PersonLastModifiedUtc: stamp,
});

export const officeRecord = z.looseObject({
  OfficeRecordId: id,
  OfficeRecordPersonId: id,
  OfficeRecordFullName: text,
  OfficeRecordBodyId: id,
  OfficeRecordBodyName: text,
  OfficeRecordTitle: text,
  OfficeRecordMemberType: text,
  OfficeRecordStartDate: stamp,
  OfficeRecordEndDate: stamp,
  OfficeRecordLastModifiedUtc: stamp,
});

export const eventRecord = z.looseObject({
  EventId: id,
  EventBodyId: id,
  EventBodyName: text,
  EventDate: stamp,
  EventTime: text,
  EventLocation: text,
  EventAgendaFile: text,
  EventMinutesFile: text,
  EventInSiteURL: text,
  EventLastModifiedUtc: stamp,
});

export const eventItemRecord = z.looseObject({
  EventItemId: id,
  EventItemEventId: id,
  EventItemAgendaSequence: flag,
  EventItemAgendaNumber: text,
  EventItemTitle: text,
  EventItemActionName: text,
  EventItemPassedFlagName: text,
  EventItemTally: text,
  EventItemMover: text,
  EventItemSeconder: text,
  EventItemConsent: flag,
  EventItemRollCallFlag: flag,
  EventItemMatterId: id.nullish().transform((value) => value ?? null),
  EventItemMatterFile: text,
  EventItemVideoIndex: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value) => value ?? null),
  EventItemLastModifiedUtc: stamp,
});

export const voteRecord = z.looseObject({
  VoteId: id,
  VotePersonId: id,
  VotePersonName: text,
  VoteValueId: flag,
  VoteValueName: text,
  VoteEventItemId: id,
  VoteLastModifiedUtc: stamp,
});

export const rollCallRecord = z.looseObject({
  RollCallId: id,
  RollCallPersonId: id,
  RollCallPersonName: text,
  RollCallValueName: text,
  RollCallEventItemId: id,
  RollCallLastModifiedUtc: stamp,
});

export const matterRecord = z.looseObject({
  MatterId: id,
  MatterFile: text,
  MatterName: text,
  MatterTitle: text,
  MatterTypeName: text,
  MatterStatusName: text,
  MatterBodyId: id.nullish().transform((value) => value ?? null),
  MatterIntroDate: stamp,
  MatterPassedDate: stamp,
  MatterLastModifiedUtc: stamp,
});

export const matterHistoryRecord = z.looseObject({
  MatterHistoryId: id,
  MatterHistoryActionDate: stamp,
  MatterHistoryActionName: text,
  MatterHistoryActionBodyName: text,
  MatterHistoryPassedFlagName: text,
  MatterHistoryTally: text,
  MatterHistoryMover: text,
  MatterHistorySeconder: text,
  MatterHistoryEventId: id.nullish().transform((value) => value ?? null),
  MatterHistoryLastModifiedUtc: stamp,
});

export const matterSponsorRecord = z.looseObject({
  MatterSponsorId: id,
  MatterSponsorMatterId: id,
  MatterSponsorNameId: id,
  MatterSponsorName: text,
  MatterSponsorSequence: flag,
  MatterSponsorLastModifiedUtc: stamp,
});

export const matterAttachmentRecord = z.looseObject({
  MatterAttachmentId: id,
  MatterAttachmentName: text,
  MatterAttachmentHyperlink: text,
  MatterAttachmentLastModifiedUtc: stamp,
});

export type BodyRecord = z.output<typeof bodyRecord>;
export type PersonRecord = z.output<typeof personRecord>;
export type OfficeRecord = z.output<typeof officeRecord>;
export type EventRecord = z.output<typeof eventRecord>;
export type EventItemRecord = z.output<typeof eventItemRecord>;
export type VoteRecord = z.output<typeof voteRecord>;
export type RollCallRecord = z.output<typeof rollCallRecord>;
export type MatterRecord = z.output<typeof matterRecord>;
export type MatterHistoryRecord = z.output<typeof matterHistoryRecord>;
export type MatterSponsorRecord = z.output<typeof matterSponsorRecord>;
export type MatterAttachmentRecord = z.output<typeof matterAttachmentRecord>;
