/**
 * The parts of a meeting around the agenda items: the consent calendar,
 * public comment on items not on the agenda, members' reports and the
 * manager's announcements. Each is a pool of hand-written variants the
 * composer draws from without repeating within a meeting.
 */
import type { CityPlaces } from "../cities";
import type { Rng } from "../prng";
import { amount, monthName, usd, type MeetingDate } from "./types";

/** Things a resident says during general public comment. */
export const PUBLIC_COMMENTS: readonly ((p: CityPlaces, rng: Rng) => string)[] = [
  (p) =>
    `I live on ${p.arterial} near the fire station, and the pothole in the eastbound lane has been there since the first rain. I reported it on the app twice. Somebody is going to blow a tire, or worse, somebody on a bike is going to go down. Thank you.`,
  (p, rng) =>
    `I'm here about speeding on the residential streets in ${p.neighborhood}. People cut through to avoid the light on ${p.arterial} and they are doing forty, forty-five past the houses. We collected ${rng.int(60, 140)} signatures asking for speed humps. I'll leave the petition with the clerk.`,
  (p) =>
    `I walk at ${p.park} every morning. More and more people are letting their dogs off leash on the ball fields, and last week a dog knocked down a little girl. I'm not asking for a crackdown, just some signs and maybe a visit from animal control once in a while.`,
  (p) =>
    `I just wanted to say thank you to the public works crew who fixed the streetlight at the end of my block on ${p.mainStreet}. I called on a Monday and it was fixed by Wednesday. You don't always hear the good ones at this microphone.`,
  (p) =>
    `I'm one of the vendors at the Thursday farmers market on ${p.mainStreet}. We're asking the city to consider keeping the street closed until 8 p.m. instead of 7 during the summer months. Most of our customers come after work, and the last hour is when we do half our sales.`,
  () =>
    `The agenda packet for tonight's meeting went up on the website at 4:58 on Friday afternoon. Some of us work, and four hundred pages over a weekend is a lot. I'd ask that the packet be posted a full week ahead when it's possible.`,
  (p, rng) =>
    `I'm the president of the youth soccer league. We have ${rng.int(600, 1100)} kids this fall and not enough daylight. We'd like to talk with staff about lights on the lower field at ${p.park}. The league is willing to raise money toward it.`,
  (p) =>
    `There are people living in tents along ${p.creek} behind the shopping center. I've talked to some of them. They're not bad people, several of them are older than me. But the trash is going into the creek, and I'd like to know what the plan is, for them and for the creek.`,
  (p) =>
    `The pedestrian signal at ${p.school} doesn't give kids enough time to cross. I timed it with my phone. My son is seven, and he doesn't make it across before the hand starts flashing. Please have someone look at the timing.`,
  () =>
    `I got a water bill for three hundred and twelve dollars for one month, and I live by myself. I called the utility office and they were very nice, but they said there's no leak on their side. I'd just like somebody to come look at the meter with me.`,
  (p) =>
    `My daughter finished the summer reading program at the ${p.library} and she read twenty-two books. She wanted to come and tell you herself but she's shy. So I'm telling you. Thank you to the librarians.`,
  (p) =>
    `The trash cans at the bus stops on ${p.arterial} are overflowing by the weekend, every weekend. I don't know if that's the city or the transit district, but I'd ask you to figure it out between you.`,
  (p) =>
    `Downtown needs a public restroom. There is nowhere on ${p.mainStreet} after the shops close, and the businesses are tired of it. Other towns have done the freestanding ones that clean themselves. I'd ask the council to look at it.`,
  (p) =>
    `The bars on ${p.mainStreet} are letting out at two in the morning and it is loud. I've lived downtown for fifteen years and I knew what I signed up for, but it's gotten worse since the patio permits. I'd ask for some enforcement of the noise ordinance on weekends.`,
  (p) =>
    `The crosswalk on ${p.mainStreet} in front of the post office needs flashing beacons. Drivers don't stop. I'm eighty-one and I've been waiting there with my cane while cars go by.`,
  () =>
    `I'd like to invite the council and everyone here to the neighborhood clean-up on Saturday. We meet at nine at the corner by the church, gloves and bags provided. Last time we filled a whole dumpster.`,
];

/** Members' reports at the end of the meeting. */
export const MEMBER_REPORTS: readonly ((p: CityPlaces, rng: Rng) => string)[] = [
  (p) =>
    `I attended the ribbon cutting for the new bakery on ${p.mainStreet}. It's the fourth new business on that block this year, which is great to see.`,
  () =>
    `I attended the regional transit board meeting. They're proposing to cut Sunday service on two routes, and the public comment period is open. I'd encourage people to weigh in.`,
  (p) =>
    `I met with the ${p.school} PTA about drop-off traffic. They had a lot of good ideas, and I've passed them on to staff.`,
  () =>
    `I want to thank the public works crews who were out all night during the storm last week clearing drains. That's hard, cold work and it mattered.`,
  (p) =>
    `A reminder that I hold office hours at the ${p.library} on the second Saturday of every month, ten to noon. No appointment needed.`,
  () =>
    `I attended the Rotary pancake breakfast, which raised money for the high school scholarship fund. I ate too many pancakes, for the record.`,
  () => `Nothing to report tonight, thank you.`,
  () =>
    `I attended the division meeting of the League of Cities. Most of the conversation was about insurance costs, which are going up for everyone.`,
  () =>
    `I toured the wastewater treatment plant with staff. If you ever get the chance, go. It is fascinating, and it's the reason our creek is clean.`,
  (p) =>
    `I want to congratulate the ${p.center} volunteers, who served their ten-thousandth meal of the year last week.`,
  () =>
    `I attended the county's homelessness task force. They're updating the point-in-time count methodology and want more volunteers in January.`,
  (p) =>
    `I joined the volunteers pulling invasive ivy along ${p.trail} on Saturday. We filled a truck. Thank you to everyone who came out.`,
  () =>
    `I attended the chamber of commerce breakfast. The main concern I heard was hiring. Businesses can't find workers who can afford to live here.`,
  () =>
    `I'll be brief. I met with several residents about the budget process, and I'll be bringing some of their questions to the workshop.`,
];

/** The manager's announcements, by season. */
export function managerAnnouncement(date: MeetingDate, p: CityPlaces, rng: Rng): string {
  const m = date.month;
  if (m <= 2)
    return `Two quick announcements. Christmas tree collection continues through the end of ${monthName(1)} on your regular collection day, and the ${p.center} is offering free tax preparation for seniors starting next month.`;
  if (m <= 5)
    return `A few announcements. Spring clean-up day is the last Saturday in ${monthName(4)} at the corporation yard, and street sweeping returns to the regular schedule this month. Budget workshops start soon; dates are on the website.`;
  if (m <= 8)
    return `Just a couple of announcements. The summer concert series in ${p.park} continues every Friday at 6 p.m., and the pool is open daily through Labor Day. Please be careful with fireworks; they remain illegal in the city.`;
  if (m <= 10)
    return `Announcements: leaf collection begins next month, and we're recruiting for the ${rng.pick(["library board", "parks commission", "traffic safety committee"])}. Applications are due at the end of the month.`;
  return `Two announcements. The tree lighting is the first Friday in ${monthName(12)} on ${p.mainStreet}, and City Hall will be closed between the holidays, with online services available.`;
}

/** Consent calendar entries: the minutes, the warrants and a few routine actions. */
export function consentEntries(rng: Rng, p: CityPlaces, previous: MeetingDate): string[] {
  const pool = [
    `a ${usd(amount(rng, 18_000, 64_000, 500))} amendment to the janitorial services contract for city facilities`,
    `a resolution accepting the ${p.trail} resurfacing project as complete`,
    `the purchase of two patrol vehicles for ${usd(amount(rng, 110_000, 160_000, 500))}`,
    `the quarterly investment report`,
    `acceptance of a ${usd(amount(rng, 8_000, 40_000, 500))} state library literacy grant`,
    `an agreement with the county for animal shelter services`,
    `a resolution authorizing the destruction of records under the retention schedule`,
    `second reading and adoption of the ordinance updating the municipal code for accessory dwelling units`,
    `a ${usd(amount(rng, 40_000, 95_000, 500))} contract for sidewalk repairs in ${p.neighborhood}`,
    `a reimbursement agreement for the ${p.park} irrigation upgrade`,
  ];
  const picks = rng.shuffle(pool).slice(0, rng.int(2, 4));
  return [
    `approval of the minutes of the ${previous.long} meeting`,
    `the warrant register in the amount of ${usd(amount(rng, 640_000, 2_900_000, 1))}`,
    ...picks,
  ];
}

const FIRST = [
  "Dolores",
  "Kevin",
  "Sue Ellen",
  "Marco",
  "Janelle",
  "Walter",
  "Rachel",
  "Hiro",
  "Bev",
  "Curtis",
  "Angela",
  "Frank",
  "Imani",
  "Gus",
  "Noor",
  "Evelyn",
  "Tomasz",
  "Lupe",
  "Greg",
  "Yvonne",
  "Stan",
  "Maribel",
  "Dennis",
  "Carmen",
  "Pete",
  "Shauna",
  "Oscar",
  "Diane",
  "Rob",
  "Fatima",
];
const LAST = [
  "Finch",
  "Amari",
  "Pratt",
  "Bianchi",
  "Brooks",
  "Okonjo",
  "Stein",
  "Nakamura",
  "Tollefsrud",
  "Lamb",
  "Duarte",
  "Mendel",
  "Carter",
  "Pappas",
  "Haddad",
  "Marsh",
  "Wilk",
  "Cordero",
  "Albers",
  "Achebe",
  "Kowalczyk",
  "Soto",
  "Fairweather",
  "Ruiz",
  "Lindahl",
  "Velez",
  "Hartigan",
  "McKinney",
  "Siddiq",
  "Abbott",
];

/** Invented residents' names for one meeting, shuffled; never the same name twice. */
export function residentNames(rng: Rng): string[] {
  const firsts = rng.shuffle(FIRST);
  const lasts = rng.shuffle(LAST);
  const names: string[] = [];
  for (let round = 0; round < LAST.length; round++) {
    for (let i = 0; i < firsts.length; i++) names.push(`${firsts[i]} ${lasts[(i + round) % lasts.length]}`);
  }
  return names;
}
