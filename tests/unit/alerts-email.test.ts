import { describe, expect, it } from "vitest";
import { alertEmail } from "~/lib/alerts/email";
import { alertFeedXml } from "~/lib/alerts/feed";
import { elementsNamed, parseXml } from "../support/xml";

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;

describe("alert e-mail", () => {
  const mail = alertEmail({
    to: "member@example.com",
    digest: "daily",
    unsubscribeUrl: "https://gavel.example/alerts/unsubscribe/aaa.bbb",
    profileUrl: "https://gavel.example/profile#alerts",
    searches: [
      {
        query: HOSTILE,
        unsubscribeUrl: "https://gavel.example/alerts/unsubscribe/aaa",
        items: [
          {
            meetingId: "m1",
            cityName: HOSTILE,
            title: HOSTILE,
            publishedAt: new Date("2026-03-05T18:00:00Z"),
            passage: HOSTILE,
            speaker: HOSTILE,
            startSeconds: 3725.4,
            url: "https://gavel.example/city/oak/meeting/1?t=3725&x=<y>",
            decisions: [
              {
                line: `${HOSTILE}: Deny. Carried: denied, 8-4`,
                moment: "01:05:00",
                url: "https://gavel.example/m?t=3900&a=<b>",
              },
              { line: "Minutes: Approve. Carried: approved", moment: null, url: "https://gavel.example/m" },
            ],
          },
        ],
      },
    ],
  });

  it("escapes everything in the HTML twin", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("'quotes'");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(mail.html).toContain('href="https://gavel.example/city/oak/meeting/1?t=3725&#38;x=&#60;y&#62;"');
    expect(mail.html).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39;: Deny. Carried: denied, 8-4 · <a href="https://gavel.example/m?t=3900&#38;a=&#60;b&#62;"',
    );
  });

  it("lists what the meeting decided, one line each, with a link to the result's moment", () => {
    expect(mail.text).toContain(
      `  Decisions:\n  - ${HOSTILE}: Deny. Carried: denied, 8-4\n    Result at 01:05:00: https://gavel.example/m?t=3900&a=<b>\n  - Minutes: Approve. Carried: approved\n    The meeting: https://gavel.example/m`,
    );
    expect(mail.html).toMatch(/>Result at 01:05:00<\/a><\/li>/);
  });

  it("lists the city, title, date, sentence, speaker and the clock time, with the headers of one-click unsubscribe", () => {
    expect(mail.subject).toBe(`Daily digest: “${HOSTILE}” came up in a meeting`);
    expect(mail.text).toContain("Mar 5, 2026");
    expect(mail.text).toContain("1:02:05");
    expect(mail.text).toContain("Watch: https://gavel.example/city/oak/meeting/1?t=3725");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://gavel.example/alerts/unsubscribe/aaa.bbb>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("alert e-mail subject", () => {
  const item = (meetingId: string) => ({
    meetingId,
    cityName: "Oak Creek",
    title: `Meeting ${meetingId}`,
    publishedAt: null,
    passage: "sidewalk repairs",
    speaker: null,
    startSeconds: 10,
    url: `https://gavel.example/city/oak/meeting/${meetingId}?t=10`,
    decisions: [],
  });
  const subject = (searches: { query: string; meetings: string[] }[], digest: "immediate" | "weekly" = "immediate") =>
    alertEmail({
      to: "member@example.com",
      digest,
      unsubscribeUrl: "https://gavel.example/alerts/unsubscribe/a",
      profileUrl: "https://gavel.example/profile#alerts",
      searches: searches.map((s) => ({
        query: s.query,
        unsubscribeUrl: "https://gavel.example/alerts/unsubscribe/a",
        items: s.meetings.map(item),
      })),
    }).subject;

  it("counts each meeting once, however many alerts it matched", () => {
    expect(
      subject([
        { query: "sidewalk", meetings: ["m1"] },
        { query: "repairs", meetings: ["m1"] },
      ]),
    ).toBe("2 of your alerts came up in a meeting");
    expect(
      subject([
        { query: "sidewalk", meetings: ["m1", "m2"] },
        { query: "repairs", meetings: ["m2", "m3"] },
        { query: "budget", meetings: ["m1"] },
      ]),
    ).toBe("3 of your alerts came up in 3 meetings");
    expect(subject([{ query: "sidewalk", meetings: ["m1", "m2"] }], "weekly")).toBe(
      "Weekly digest: “sidewalk” came up in 2 meetings",
    );
    expect(subject([{ query: "sidewalk", meetings: ["m1"] }])).toBe("“sidewalk” came up in a meeting");
  });
});

describe("alert feed", () => {
  it("is well-formed with hostile text and characters XML forbids", () => {
    const xml = alertFeedXml({
      query: `${HOSTILE}\u0000\u0007`,
      updatedAt: new Date("2026-03-05T18:00:00Z"),
      appUrl: "https://gavel.example",
      selfUrl: "https://gavel.example/alerts/feed/tok.atom",
      matches: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          meetingId: "00000000-0000-4000-8000-000000000002",
          title: HOSTILE,
          cityKey: "oak",
          cityName: HOSTILE,
          publishedAt: null,
          passage: `${HOSTILE}\u001b`,
          speaker: null,
          startSeconds: null,
          matchedAt: new Date("2026-03-05T18:00:00Z"),
          decisions: [],
        },
      ],
    });
    const feed = parseXml(xml);
    expect(feed.name).toBe("feed");
    expect(elementsNamed(feed, "summary")[0]?.text).toBe(`“${HOSTILE}” — In the title`);
  });
});
