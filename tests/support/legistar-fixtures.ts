/**
 * Recorded Legistar records of a fictional city, Maple Falls (client
 * `maplefalls`), in the shapes and with the field names the public Legistar
 * Web API sends (written for Gavel; no real city's data). Two bodies, four
 * members, three meetings (one with minutes, one whose minutes are not out
 * yet, one upcoming), agenda items with roll-call votes, and two matters
 * followed from committee to council.
 *
 * `mapleFalls()` answers a fresh copy each time, so a test may change it.
 */
import type { FakeLegistarClient, Row } from "./fake-legistar-server";

const GUID = (n: number) => `5A0C${String(n).padStart(4, "0")}-1D2E-4F60-8A7B-0C1D2E3F4A5B`;
const ROW_VERSION = "AAAAAAGT1aQ=";

export const MODIFIED = "2026-11-10T17:22:41.77";

export function body(id: number, name: string, type = "Primary Legislative Body"): Row {
  return {
    BodyId: id,
    BodyGuid: GUID(id),
    BodyLastModifiedUtc: MODIFIED,
    BodyRowVersion: ROW_VERSION,
    BodyName: name,
    BodyTypeId: type === "Primary Legislative Body" ? 42 : 44,
    BodyTypeName: type,
    BodyMeetFlag: 1,
    BodyActiveFlag: 1,
    BodySort: 1,
    BodyDescription: "",
    BodyContactNameId: null,
    BodyContactFullName: null,
    BodyContactPhone: null,
    BodyContactEmail: null,
    BodyUsedControlFlag: 0,
    BodyNumberOfMembers: 0,
    BodyUsedActingFlag: 0,
    BodyUsedTargetFlag: 0,
    BodyUsedSponsorFlag: 1,
  };
}

export function person(id: number, first: string, last: string): Row {
  return {
    PersonId: id,
    PersonGuid: GUID(1000 + id),
    PersonLastModifiedUtc: MODIFIED,
    PersonRowVersion: ROW_VERSION,
    PersonFirstName: first,
    PersonLastName: last,
    PersonFullName: `${first} ${last}`,
    PersonActiveFlag: 1,
    PersonCanViewFlag: 0,
    PersonUsedSponsorFlag: 1,
    PersonAddress1: null,
    PersonCity1: null,
    PersonState1: null,
    PersonZip1: null,
    PersonPhone: null,
    PersonFax: null,
    PersonEmail: null,
    PersonWWW: null,
  };
}

export function officeRecord(
  id: number,
  who: Row,
  where: Row,
  title: string,
  start: string,
  end: string | null = "2028-12-31T00:00:00",
): Row {
  return {
    OfficeRecordId: id,
    OfficeRecordGuid: GUID(2000 + id),
    OfficeRecordLastModifiedUtc: MODIFIED,
    OfficeRecordRowVersion: ROW_VERSION,
    OfficeRecordFirstName: who.PersonFirstName,
    OfficeRecordLastName: who.PersonLastName,
    OfficeRecordEmail: null,
    OfficeRecordFullName: who.PersonFullName,
    OfficeRecordStartDate: start,
    OfficeRecordEndDate: end,
    OfficeRecordSort: 0,
    OfficeRecordPersonId: who.PersonId,
    OfficeRecordBodyId: where.BodyId,
    OfficeRecordBodyName: where.BodyName,
    OfficeRecordTitle: title,
    OfficeRecordVoteDivider: 1,
    OfficeRecordExtendFlag: 0,
    OfficeRecordMemberTypeId: title === "Chair" || title === "Mayor" ? 41 : 40,
    OfficeRecordMemberType: title === "Chair" || title === "Mayor" ? "Chair" : "Member",
    OfficeRecordSupportNameId: null,
    OfficeRecordSupportFullName: null,
  };
}

export function event(
  id: number,
  where: Row,
  date: string,
  options: { minutes?: boolean; modified?: string } = {},
): Row {
  const day = date.slice(0, 10);
  return {
    EventId: id,
    EventGuid: GUID(3000 + id),
    EventLastModifiedUtc: options.modified ?? MODIFIED,
    EventRowVersion: ROW_VERSION,
    EventBodyId: where.BodyId,
    EventBodyName: where.BodyName,
    EventDate: `${day}T00:00:00`,
    EventTime: "6:30 PM",
    EventVideoStatus: "Public",
    EventAgendaStatusId: 10,
    EventAgendaStatusName: "Final",
    EventMinutesStatusId: options.minutes ? 10 : 9,
    EventMinutesStatusName: options.minutes ? "Final" : "Draft",
    EventLocation: "Council Chambers, 100 Main Street",
    EventAgendaFile: `https://maplefalls.legistar1.example/meetings/${day}/${id}_A_Agenda.pdf`,
    EventMinutesFile: options.minutes
      ? `https://maplefalls.legistar1.example/meetings/${day}/${id}_M_Minutes.pdf`
      : null,
    EventAgendaLastPublishedUTC: `${day}T01:00:00`,
    EventMinutesLastPublishedUTC: options.minutes ? MODIFIED : null,
    EventComment: null,
    EventVideoPath: null,
    EventMedia: null,
    EventInSiteURL: `https://maplefalls.legistar.com/MeetingDetail.aspx?LEGID=${id}&GID=317&G=${GUID(3000 + id)}`,
    EventItems: [],
  };
}

export function eventItem(
  id: number,
  eventId: number,
  sequence: number,
  fields: {
    number?: string | null;
    title: string;
    action?: string | null;
    passed?: "Pass" | "Fail" | null;
    tally?: string | null;
    mover?: Row | null;
    seconder?: Row | null;
    consent?: 0 | 1;
    matter?: Row | null;
    videoIndex?: number | null;
    modified?: string;
    rollCall?: boolean;
  },
): Row {
  return {
    EventItemId: id,
    EventItemGuid: GUID(4000 + id),
    EventItemLastModifiedUtc: fields.modified ?? MODIFIED,
    EventItemRowVersion: ROW_VERSION,
    EventItemEventId: eventId,
    EventItemAgendaSequence: sequence,
    EventItemMinutesSequence: sequence,
    EventItemAgendaNumber: fields.number ?? null,
    EventItemVideo: fields.videoIndex === undefined ? null : 8812,
    EventItemVideoIndex: fields.videoIndex ?? null,
    EventItemVersion: "1",
    EventItemAgendaNote: null,
    EventItemMinutesNote: null,
    EventItemActionId: fields.action ? 71 : null,
    EventItemActionName: fields.action ?? null,
    EventItemActionText: fields.action ? `A motion was made that this matter be ${fields.action}.` : null,
    EventItemPassedFlag: fields.passed === "Pass" ? 1 : fields.passed === "Fail" ? 0 : null,
    EventItemPassedFlagName: fields.passed ?? null,
    EventItemRollCallFlag: fields.rollCall ? 1 : 0,
    EventItemFlagExtra: 0,
    EventItemTitle: fields.title,
    EventItemTally: fields.tally ?? null,
    EventItemAccelaRecordId: null,
    EventItemConsent: fields.consent ?? 0,
    EventItemMoverId: (fields.mover?.PersonId as number | undefined) ?? null,
    EventItemMover: (fields.mover?.PersonFullName as string | undefined) ?? null,
    EventItemSeconderId: (fields.seconder?.PersonId as number | undefined) ?? null,
    EventItemSeconder: (fields.seconder?.PersonFullName as string | undefined) ?? null,
    EventItemMatterId: (fields.matter?.MatterId as number | undefined) ?? null,
    EventItemMatterGuid: (fields.matter?.MatterGuid as string | undefined) ?? null,
    EventItemMatterFile: (fields.matter?.MatterFile as string | undefined) ?? null,
    EventItemMatterName: null,
    EventItemMatterType: (fields.matter?.MatterTypeName as string | undefined) ?? null,
    EventItemMatterStatus: (fields.matter?.MatterStatusName as string | undefined) ?? null,
    EventItemMatterAttachments: [],
  };
}

export function vote(id: number, itemId: number, who: Row, value: string, valueId = 0): Row {
  return {
    VoteId: id,
    VoteGuid: GUID(5000 + id),
    VoteLastModifiedUtc: MODIFIED,
    VoteRowVersion: ROW_VERSION,
    VotePersonId: who.PersonId,
    VotePersonName: who.PersonFullName,
    VoteValueId: valueId,
    VoteValueName: value,
    VoteSort: 0,
    VoteResult: value === "Aye" || value === "Yea" ? 1 : 0,
    VoteEventItemId: itemId,
  };
}

export function rollCall(id: number, itemId: number, who: Row, value: string): Row {
  return {
    RollCallId: id,
    RollCallGuid: GUID(5500 + id),
    RollCallLastModifiedUtc: MODIFIED,
    RollCallRowVersion: ROW_VERSION,
    RollCallPersonId: who.PersonId,
    RollCallPersonName: who.PersonFullName,
    RollCallValueId: value === "Present" ? 30 : 31,
    RollCallValueName: value,
    RollCallSort: 0,
    RollCallResult: 0,
    RollCallEventItemId: itemId,
  };
}

export function matter(
  id: number,
  file: string,
  title: string,
  fields: { type?: string; status?: string; body: Row; intro: string; passed?: string | null; modified?: string },
): Row {
  return {
    MatterId: id,
    MatterGuid: GUID(6000 + id),
    MatterLastModifiedUtc: fields.modified ?? MODIFIED,
    MatterRowVersion: ROW_VERSION,
    MatterFile: file,
    MatterName: null,
    MatterTitle: title,
    MatterTypeId: 51,
    MatterTypeName: fields.type ?? "Ordinance",
    MatterStatusId: 74,
    MatterStatusName: fields.status ?? "In Committee",
    MatterBodyId: fields.body.BodyId,
    MatterBodyName: fields.body.BodyName,
    MatterIntroDate: fields.intro,
    MatterAgendaDate: null,
    MatterPassedDate: fields.passed ?? null,
    MatterEnactmentDate: null,
    MatterEnactmentNumber: null,
    MatterRequester: null,
    MatterNotes: null,
    MatterVersion: "1",
    MatterCost: null,
    MatterText1: null,
    MatterText2: null,
    MatterText3: null,
    MatterText4: null,
    MatterText5: null,
    MatterDate1: null,
    MatterDate2: null,
    MatterEXText1: null,
    MatterAgiloftId: 0,
    MatterReference: null,
    MatterRestrictViewViaWeb: false,
    MatterReports: [],
  };
}

export function matterHistory(
  id: number,
  ofEvent: Row,
  action: string,
  fields: { passed?: "Pass" | "Fail" | null; tally?: string | null; mover?: Row; seconder?: Row } = {},
): Row {
  return {
    MatterHistoryId: id,
    MatterHistoryGuid: GUID(7000 + id),
    MatterHistoryLastModifiedUtc: MODIFIED,
    MatterHistoryRowVersion: ROW_VERSION,
    MatterHistoryEventId: ofEvent.EventId,
    MatterHistoryAgendaSequence: 1,
    MatterHistoryMinutesSequence: 1,
    MatterHistoryAgendaNumber: null,
    MatterHistoryVideo: null,
    MatterHistoryVideoIndex: null,
    MatterHistoryVersion: "1",
    MatterHistoryAgendaNote: null,
    MatterHistoryMinutesNote: null,
    MatterHistoryActionDate: ofEvent.EventDate,
    MatterHistoryActionId: 71,
    MatterHistoryActionName: action,
    MatterHistoryActionText: null,
    MatterHistoryActionBodyId: ofEvent.EventBodyId,
    MatterHistoryActionBodyName: ofEvent.EventBodyName,
    MatterHistoryPassedFlag: fields.passed === "Pass" ? 1 : fields.passed === "Fail" ? 0 : null,
    MatterHistoryPassedFlagName: fields.passed ?? null,
    MatterHistoryRollCallFlag: fields.tally ? 1 : 0,
    MatterHistoryFlagExtra: 0,
    MatterHistoryTally: fields.tally ?? null,
    MatterHistoryAccelaRecordId: null,
    MatterHistoryConsent: 0,
    MatterHistoryMoverId: (fields.mover?.PersonId as number | undefined) ?? null,
    MatterHistoryMoverName: (fields.mover?.PersonFullName as string | undefined) ?? null,
    MatterHistorySeconderId: (fields.seconder?.PersonId as number | undefined) ?? null,
    MatterHistorySeconderName: (fields.seconder?.PersonFullName as string | undefined) ?? null,
    MatterHistoryMatterStatusId: 74,
  };
}

export function sponsor(id: number, matterId: number, who: Row, sequence: number): Row {
  return {
    MatterSponsorId: id,
    MatterSponsorGuid: GUID(8000 + id),
    MatterSponsorLastModifiedUtc: MODIFIED,
    MatterSponsorRowVersion: ROW_VERSION,
    MatterSponsorMatterId: matterId,
    MatterSponsorMatterVersion: "1",
    MatterSponsorNameId: who.PersonId,
    MatterSponsorBodyId: null,
    MatterSponsorName: who.PersonFullName,
    MatterSponsorSequence: sequence,
    MatterSponsorLinkFlag: 0,
  };
}

export function attachment(id: number, name: string): Row {
  return {
    MatterAttachmentId: id,
    MatterAttachmentGuid: GUID(9000 + id),
    MatterAttachmentLastModifiedUtc: MODIFIED,
    MatterAttachmentRowVersion: ROW_VERSION,
    MatterAttachmentName: name,
    MatterAttachmentHyperlink: `https://maplefalls.legistar1.example/attachments/${GUID(9000 + id)}.pdf`,
    MatterAttachmentFileName: `${GUID(9000 + id)}.pdf`,
    MatterAttachmentMatterVersion: "1",
    MatterAttachmentIsHyperlink: false,
    MatterAttachmentBinary: null,
    MatterAttachmentIsSupportingDocument: false,
    MatterAttachmentShowOnInternetPage: true,
    MatterAttachmentIsMinuteOrder: false,
    MatterAttachmentIsBoardLetter: false,
    MatterAttachmentAgiloftId: 0,
    MatterAttachmentDescription: null,
    MatterAttachmentPrintWithReports: false,
    MatterAttachmentSort: 0,
  };
}

/** Maple Falls' record: `now` is when the sync runs (events around it). */
export function mapleFalls(): FakeLegistarClient {
  const council = body(138, "City Council");
  const finance = body(141, "Finance Committee", "Standing Committee");
  const okafor = person(231, "Grace", "Okafor");
  const lindqvist = person(236, "Tomas", "Lindqvist");
  const baptiste = person(240, "Renee", "Baptiste");
  const huang = person(244, "Daniel", "Huang");
  const members = [okafor, lindqvist, baptiste, huang];

  const committeeMeeting = event(901, finance, "2026-11-03", { minutes: true });
  const councilMeeting = event(902, council, "2026-11-17", { minutes: false });
  const upcoming = event(903, council, "2026-12-08");

  const library = matter(1364, "ORD 2026-14", "An ordinance extending the hours of the Maple Falls Public Library", {
    body: finance,
    intro: "2026-10-20T00:00:00",
    status: "Passed",
    passed: "2026-11-17T00:00:00",
  });
  const paving = matter(1371, "RES 2026-88", "A resolution awarding the Elm Street paving contract", {
    type: "Resolution",
    body: council,
    intro: "2026-11-01T00:00:00",
    status: "Agenda Ready",
  });

  return {
    bodies: [council, finance],
    persons: members,
    officeRecords: [
      officeRecord(5001, okafor, council, "Mayor", "2025-01-06T00:00:00"),
      officeRecord(5002, lindqvist, council, "Councilmember", "2025-01-06T00:00:00"),
      officeRecord(5003, baptiste, council, "Councilmember", "2023-01-09T00:00:00"),
      officeRecord(5004, huang, council, "Councilmember", "2025-01-06T00:00:00"),
      officeRecord(5005, baptiste, finance, "Chair", "2025-01-06T00:00:00"),
      officeRecord(5006, huang, finance, "Member", "2025-01-06T00:00:00", "2026-06-30T00:00:00"),
    ],
    events: [committeeMeeting, councilMeeting, upcoming],
    eventItems: {
      901: [
        eventItem(14330, 901, 1, { title: "Call to Order and Roll Call" }),
        eventItem(14331, 901, 2, {
          number: "3.1",
          title: library.MatterTitle as string,
          action: "recommended for approval",
          passed: "Pass",
          tally: "2:0",
          mover: baptiste,
          seconder: huang,
          matter: library,
          videoIndex: 754,
        }),
      ],
      902: [
        eventItem(14340, 902, 1, { title: "Call to Order and Roll Call", rollCall: true }),
        eventItem(14341, 902, 2, {
          number: "5.1",
          title: "Approval of the minutes of November 3",
          action: "approved on the Consent Calendar",
          passed: "Pass",
          consent: 1,
        }),
        eventItem(14342, 902, 3, {
          number: "7.1",
          title: library.MatterTitle as string,
          action: "adopted",
          passed: "Pass",
          tally: "3:1",
          mover: lindqvist,
          seconder: baptiste,
          matter: library,
          videoIndex: 1912,
        }),
        eventItem(14343, 902, 4, {
          number: "7.2",
          title: paving.MatterTitle as string,
          action: "failed",
          passed: "Fail",
          tally: "1:2",
          mover: huang,
          seconder: okafor,
          matter: paving,
        }),
      ],
      903: [eventItem(14350, 903, 1, { number: "4.1", title: paving.MatterTitle as string, matter: paving })],
    },
    rollCalls: {
      14340: members.map((member, index) => rollCall(60001 + index, 14340, member, index === 3 ? "Absent" : "Present")),
    },
    votes: {
      14331: [vote(70001, 14331, baptiste, "Aye", 16), vote(70002, 14331, huang, "Aye", 16)],
      14342: [
        vote(70010, 14342, okafor, "Aye", 16),
        vote(70011, 14342, lindqvist, "Aye", 16),
        vote(70012, 14342, baptiste, "Aye", 16),
        vote(70013, 14342, huang, "Nay", 17),
      ],
      14343: [
        vote(70020, 14343, okafor, "Nay", 17),
        vote(70021, 14343, lindqvist, "Abstain", 18),
        vote(70022, 14343, baptiste, "Nay", 17),
        vote(70023, 14343, huang, "Aye", 16),
      ],
    },
    matters: [library, paving],
    matterHistories: {
      1364: [
        matterHistory(80001, committeeMeeting, "recommended for approval", {
          passed: "Pass",
          tally: "2:0",
          mover: baptiste,
          seconder: huang,
        }),
        matterHistory(80002, councilMeeting, "adopted", {
          passed: "Pass",
          tally: "3:1",
          mover: lindqvist,
          seconder: baptiste,
        }),
      ],
      1371: [
        matterHistory(80010, councilMeeting, "failed", {
          passed: "Fail",
          tally: "1:2",
          mover: huang,
          seconder: okafor,
        }),
      ],
    },
    matterSponsors: {
      1364: [sponsor(90001, 1364, baptiste, 0), sponsor(90002, 1364, lindqvist, 1)],
      1371: [sponsor(90010, 1371, huang, 0)],
    },
    matterAttachments: {
      1364: [attachment(95001, "Staff Report"), attachment(95002, "Ordinance text")],
    },
  };
}
