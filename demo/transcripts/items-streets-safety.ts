/**
 * Agenda items, part 2: a bike lane, zoning variances, wildfire
 * preparedness, crossing guards, the mid-year budget, street paving and a
 * winter warming center.
 */
import { amount, num, upcomingFiscalYear, usd, type AgendaItem, type Line, type Person } from "./types";

const say = (speaker: Person | string, text: string, pauseBefore?: number): Line =>
  pauseBefore ? { speaker, text, pauseBefore } : { speaker, text };

export const protectedBikeLane: AgendaItem = {
  id: "protected-bike-lane",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const engineer = ctx.staff("engineer");
    const miles = rng.pick([0.8, 1.1, 1.4, 1.7]);
    const spaces = rng.int(24, 61);
    const cost = amount(rng, 420_000, 980_000, 5_000);
    const collisions = rng.int(9, 23);
    const merchant = ctx.residentName();
    const rider = ctx.residentName();
    const quote = `Forty-one of my customers park on that block every morning, and half of them are over seventy.`;
    const rideQuote = `I ride that stretch to work every day, and I've been doored twice.`;
    const noes = rng.chance(0.5) ? [b, d] : [b];
    const vote = ctx.vote({
      mover: a,
      seconder: c,
      motion: `I'll move approval of the project with the loading zone changes staff described, and a six-month report on parking and business impacts.`,
      noes,
    });
    const lines: Line[] = [
      say(
        engineer,
        `Thank you, ${chair.address}. The proposal is a parking-protected bike lane on both sides of ${places.arterial}, from ${places.mainStreet} to the ${places.trail} trailhead, about ${miles} miles. The bike lane moves to the curb and parking moves out, so parked cars protect people on bikes from moving traffic.`,
      ),
      say(
        engineer,
        `In the last five years there were ${collisions} reported collisions involving bicycles on this segment. The design removes ${spaces} parking spaces, mostly at intersections for visibility, and adds two loading zones. The cost is ${usd(cost)}, and we'd build it as part of the repaving already scheduled for this corridor next summer, which saves about a third of the cost.`,
        4,
      ),
      say(chair, `We have speakers. ${merchant}.`),
      say(
        ctx.publicLabel,
        `I own the pharmacy on ${places.arterial}. ${quote} I support bikes, I really do, but I need you to understand that if they can't park, they go to the chain store out by the highway.`,
      ),
      say(chair, `Thank you. ${rider}.`),
      say(ctx.publicLabel, `Hi. ${rideQuote} The second time I broke my wrist. I'm asking you to build the lane.`),
      say(chair, `Thank you. Seeing no other cards, back to us.`),
      say(
        b,
        `I have real concerns about the parking loss. Can we look at a version that only removes parking on one side?`,
      ),
      say(
        engineer,
        `We looked at that. A one-side design would mean a two-way bike lane on one side, which needs more width at intersections and would actually remove more spaces near the pharmacy block.`,
      ),
      say(c, `What about a loading zone near the pharmacy for pickups?`),
      say(
        engineer,
        `We can convert two of the remaining spaces in front of the pharmacy to fifteen-minute parking. That's a simple change.`,
      ),
      say(
        a,
        `I think this is a safety project first. I can support it with those changes and a six-month report back.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `a parking-protected bike lane on ${places.arterial}`,
      lines,
      brief: `approved a ${usd(cost)} protected bike lane on ${places.arterial}`,
      summary: `The ${ctx.noun} voted ${vote.tally} to build a ${miles}-mile parking-protected bike lane on ${places.arterial} for ${usd(cost)} during next summer's repaving. The design removes ${spaces} parking spaces; a pharmacy owner objected, and staff will add short-term parking and report back after six months.`,
      highlights: [
        { quote, point: "A business owner warned that losing parking would drive older customers away." },
        { quote: rideQuote, point: "A cyclist described being hit by car doors on the corridor." },
      ],
      actions: [
        {
          description: `Add fifteen-minute parking in front of the pharmacy block to the design`,
          responsible_party: engineer.title,
          due_date: null,
        },
        {
          description: `Report on parking and business impacts six months after the lane opens`,
          responsible_party: "Public Works Department",
          deadline: "Six months after completion",
        },
      ],
      entities: [
        { name: places.arterial, type: "place", context: "Corridor for the protected bike lane" },
        { name: engineer.full, type: "person", context: engineer.title },
        { name: usd(cost), type: "money", context: "Project cost" },
      ],
      story: {
        headline: `Protected bike lane approved for ${places.arterial} despite parking worries`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to build a parking-protected bike lane along ${miles} miles of ${places.arterial}, removing ${spaces} parking spaces over the objections of a pharmacy owner who said older customers depend on them.`,
        paragraphs: [
          `The ${usd(cost)} project will be built during repaving already scheduled for the corridor next summer. ${engineer.title} ${engineer.full} said there were ${collisions} reported collisions involving bicycles on the segment in the last five years.`,
          `Staff agreed to convert two spaces in front of the pharmacy block to fifteen-minute parking and will report on parking and business impacts six months after the lane opens.`,
        ],
        quickFacts: [
          `Length: ${miles} miles`,
          `Parking spaces removed: ${spaces}`,
          `Cost: ${usd(cost)}`,
          `Bicycle collisions in five years: ${collisions}`,
        ],
        background: `Building the lane with the scheduled repaving saves about a third of its cost, according to staff.`,
        primaryFocus: "Transportation safety",
        followUpNeeded: true,
      },
    };
  },
};

export const setbackVariance: AgendaItem = {
  id: "setback-variance",
  bodies: ["planning"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const planner = ctx.staff("planning");
    const address = `${rng.int(2, 19) * 100 + rng.int(1, 48) * 2} ${rng.pick(["Ridgeview Court", "Orchard Lane", "Foxglove Way", "Summit Terrace"])}`;
    const required = rng.pick([20, 25]);
    const proposed = required - rng.pick([6, 8, 10]);
    const sqft = rng.int(5, 9) * 100 + 20;
    const neighbor = ctx.residentName();
    const quote = `The hardship has to come from the land, not from what the owner would like to build on it.`;
    const owner = ctx.residentName();
    const vote = ctx.vote({
      mover: b,
      seconder: a,
      motion: `I'll move to approve the variance subject to the conditions in the staff report, with the added condition that the second story windows facing the neighbor be clerestory.`,
      noes: [c],
    });
    const lines: Line[] = [
      say(
        planner,
        `Good evening, Commissioners. The applicant at ${address}, in ${places.neighborhood}, is requesting a variance from the ${required}-foot rear setback to allow a ${sqft}-square-foot addition that would sit ${proposed} feet from the rear property line. The lot is irregular, it narrows to about 38 feet at the back, and there is a recorded drainage easement along the east side that can't be built on.`,
      ),
      say(
        planner,
        `Staff finds that the shape of the lot and the easement are special circumstances that don't apply generally to other properties in the zone, and we are recommending approval with conditions.`,
      ),
      say(chair, `Thank you. Would the applicant like to speak? ${owner}.`),
      say(
        ctx.publicLabel,
        `Thank you, Commissioners. We have two kids and my father is moving in with us. We tried to design this to fit inside the setbacks and the room ends up seven feet wide. We've met with our neighbors twice.`,
      ),
      say(chair, `Thank you. ${neighbor}.`),
      say(
        ctx.publicLabel,
        `I'm the neighbor directly behind. They are good neighbors and I want to say that. My concern is the second story looking straight into our kitchen and backyard.`,
      ),
      say(chair, `Thank you. Questions for staff.`),
      say(
        c,
        `I'll be direct. ${quote} Plenty of lots in this neighborhood are narrow. I'm not sure this meets the findings.`,
      ),
      say(
        planner,
        `The easement is the key distinction. It takes about 11 feet of buildable width out of the lot, which is unusual for the zone.`,
      ),
      say(a, `Could we condition the windows on the back, clerestory or frosted, to deal with the privacy issue?`),
      say(ctx.counsel, `Yes, that's a reasonable condition related to the impact of the variance.`),
      ...vote.lines,
    ];
    return {
      title: `a rear setback variance at ${address}`,
      lines,
      brief: `approved a rear setback variance for a home addition at ${address}`,
      summary: `The commission voted ${vote.tally} to approve a variance letting a ${sqft}-square-foot addition at ${address} sit ${proposed} feet from the rear line instead of ${required}, because of the lot's shape and a drainage easement, with a condition requiring clerestory or frosted rear windows for the neighbor's privacy.`,
      highlights: [{ quote, point: `${c.ref} questioned whether the variance findings were met.` }],
      actions: [
        {
          description: `Issue the variance approval with the added window condition`,
          responsible_party: planner.title,
          due_date: null,
        },
      ],
      entities: [
        { name: address, type: "place", context: "Variance site" },
        { name: planner.full, type: "person", context: planner.title },
      ],
      story: {
        headline: `Commission approves setback variance at ${address}`,
        lead: `The planning commission voted ${vote.tally} to allow a home addition at ${address} to sit ${proposed} feet from the rear property line instead of the usual ${required} feet.`,
        paragraphs: [
          `Staff said the lot's shape and a drainage easement justified the variance. A condition requires clerestory or frosted windows on the back of the second story.`,
        ],
        quickFacts: [`Addition: ${sqft} square feet`, `Setback: ${proposed} feet instead of ${required}`],
        background: `The lot narrows to about 38 feet at the back.`,
        primaryFocus: "Land use",
        followUpNeeded: false,
      },
    };
  },
};

export const varianceAppeal: AgendaItem = {
  id: "variance-appeal",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const planner = ctx.staff("planning");
    const address = `${rng.int(3, 14) * 100 + rng.int(1, 40) * 2 + 1} ${places.mainStreet}`;
    const height = rng.pick([42, 45, 48]);
    const limit = 35;
    const appellant = ctx.residentName();
    const applicant = ctx.residentName();
    const quote = `If we grant ten extra feet here, we'll be hearing the same argument on every corner of ${places.mainStreet} for the next twenty years.`;
    const vote = ctx.vote({
      mover: d,
      seconder: b,
      motion: `I'll move to deny the appeal and uphold the planning commission's approval of the height variance.`,
      noes: rng.chance(0.5) ? [c, a] : [c],
    });
    const lines: Line[] = [
      say(
        chair,
        `This item is an appeal of a planning commission decision. The way this works, staff presents, the appellant gets ten minutes, the applicant gets ten minutes, then public comment, then rebuttal. ${planner.ref}.`,
      ),
      say(
        planner,
        `Thank you. On a 3-2 vote, the planning commission approved a height variance for a mixed-use building at ${address}, allowing ${height} feet where the downtown zone allows ${limit}. The building has ground-floor retail and ${rng.int(18, 34)} apartments above. The commission found that the site slopes steeply toward ${places.creek}, so measured from the low side the building reads as four stories, but from ${places.mainStreet} it reads as three. A neighboring property owner has appealed.`,
      ),
      say(chair, `Thank you. The appellant. ${appellant}.`),
      say(
        ctx.publicLabel,
        `Thank you, ${chair.address}. I own the building next door. The slope is real, but the variance is being used to add a whole floor of units, not to deal with the slope. The height limit was set for a reason, and every other owner downtown has followed it.`,
      ),
      say(chair, `Thank you. The applicant. ${applicant}.`),
      say(
        ctx.publicLabel,
        `Thank you. We followed the design guidelines, we stepped the top floor back twelve feet, and the building adds housing a block from the bus line. Without the variance, the project doesn't pencil.`,
      ),
      say(chair, `Thank you. I'll close the hearing and bring it back to the ${ctx.noun}.`),
      say(c, `${quote} I'll support the appeal.`),
      say(
        b,
        `I read the commission's findings differently. The slope is exactly the kind of special circumstance variances exist for.`,
      ),
      say(
        ctx.counsel,
        `As a reminder, the question before you is whether the commission's findings are supported by the evidence in the record, not whether you'd have designed the building differently.`,
      ),
      say(d, `With that framing, I think the findings hold up.`),
      ...vote.lines,
    ];
    return {
      title: `an appeal of the height variance at ${address}`,
      lines,
      brief: `upheld a height variance for a mixed-use building at ${address}`,
      summary: `The ${ctx.noun} voted ${vote.tally} to deny an appeal and uphold the planning commission's approval of a height variance allowing ${height} feet where ${limit} is the limit for a mixed-use building at ${address}, citing the site's slope.`,
      highlights: [{ quote, point: `${c.ref} warned that the variance would set a precedent downtown.` }],
      actions: [
        { description: `Issue the notice of decision on the appeal`, responsible_party: "City Clerk", due_date: null },
      ],
      entities: [
        { name: address, type: "place", context: "Mixed-use building site" },
        { name: "Planning Commission", type: "organization", context: "Approved the variance 3-2" },
      ],
      story: {
        headline: `Council upholds height variance for ${places.mainStreet} building`,
        lead: `A mixed-use building at ${address} can rise to ${height} feet after the ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to reject a neighbor's appeal of a height variance; the downtown limit is ${limit} feet.`,
        paragraphs: [
          `The planning commission approved the variance 3-2, finding that the site slopes steeply toward ${places.creek}.`,
        ],
        quickFacts: [`Approved height: ${height} feet`, `Zone limit: ${limit} feet`],
        background: `The appeal was filed by the owner of the neighboring building.`,
        primaryFocus: "Land use",
        followUpNeeded: false,
      },
    };
  },
};

export const wildfirePreparedness: AgendaItem = {
  id: "wildfire-preparedness",
  bodies: ["council", "county"],
  fits: (city) => city.places.wildfireRisk,
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const chief = ctx.staff("fire");
    const county = ctx.roster.kind === "county";
    const parcels = rng.int(11, 36) * 100;
    const inspected = Math.round(parcels * rng.pick([0.42, 0.55, 0.61]));
    const chipping = amount(rng, 85_000, 190_000, 5_000);
    const zones = rng.int(14, 38);
    const sirens = rng.int(3, 8);
    const sirenCost = sirens * amount(rng, 38_000, 52_000, 1_000);
    const quote = `In the last fire, the alert went out forty minutes after the first evacuation order, and by then some of my neighbors were already on the road with no idea where to go.`;
    const chiefQuote = `Defensible space is the single biggest factor in whether a house survives, and it's the one thing the homeowner controls.`;
    const vote = ctx.vote({
      mover: b,
      seconder: c,
      motion: `I'll move to approve the preparedness plan, the chipping program funding and the siren purchase.`,
    });
    const resident = ctx.residentName();
    const lines: Line[] = [
      say(
        chief,
        `Thank you, ${chair.address}. This is our annual wildfire preparedness update, and we have three asks tonight. ${county ? "In the unincorporated area" : "In the city"}, there are ${num(parcels)} parcels in the very high fire hazard severity zone. Last season we completed defensible space inspections on ${num(inspected)} of them. ${chiefQuote}`,
      ),
      say(
        chief,
        `First, we're asking for ${usd(chipping)} to expand the free curbside chipping program, so residents can clear brush without having to haul it. Second, we've divided the area into ${zones} evacuation zones that match the zones in the county alert system, and we need your approval to adopt the map. Third, ${sirens} outdoor warning sirens for the canyon neighborhoods, at ${usd(sirenCost)}, mostly covered by a federal hazard mitigation grant.`,
        5,
      ),
      say(chair, `Thank you, Chief. I have a speaker card. ${resident}.`),
      say(
        ctx.publicLabel,
        `I live up in ${places.neighborhood}. ${quote} Please buy the sirens. Phones don't work up there half the time.`,
      ),
      say(chair, `Thank you. Questions. ${a.ref}.`),
      say(a, `How do people find out which zone they're in?`),
      say(
        chief,
        `Every address will be searchable on the evacuation map online, and we'll mail a postcard with the zone number to every household in the hazard area before the start of fire season.`,
      ),
      say(d, `What happens to people who can't do the clearing themselves? Older residents, people with disabilities?`),
      say(
        chief,
        `The chipping expansion includes a crew that does the clearing for qualifying residents, free of charge. The waiting list last year was about six weeks. With this funding we expect to cut that in half.`,
      ),
      say(b, `I'll just add, we've had two near misses in three years. This is money well spent.`),
      ...vote.lines,
    ];
    return {
      title: `the annual wildfire preparedness update`,
      lines,
      brief: `adopted a ${zones}-zone evacuation map and funded ${sirens} warning sirens`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, the wildfire preparedness plan: ${usd(chipping)} to expand free curbside chipping and clearing for qualifying residents, a ${zones}-zone evacuation map matching the county alert system, and ${sirens} outdoor warning sirens costing ${usd(sirenCost)}, mostly grant funded.`,
      highlights: [
        { quote: chiefQuote, point: `${chief.ref} stressed defensible space as the factor homeowners control.` },
        { quote, point: "A resident described late evacuation alerts during the last fire." },
      ],
      actions: [
        {
          description: `Mail evacuation zone postcards to every household in the hazard area`,
          responsible_party: "Fire Department",
          deadline: "Before the start of fire season",
        },
        {
          description: `Purchase and install ${sirens} outdoor warning sirens`,
          responsible_party: chief.title,
          due_date: null,
        },
        {
          description: `Publish the evacuation zone map with address search`,
          responsible_party: "Fire Department",
          due_date: null,
        },
      ],
      entities: [
        { name: chief.full, type: "person", context: chief.title },
        { name: places.neighborhood, type: "place", context: "Canyon neighborhood with poor phone coverage" },
        { name: usd(sirenCost), type: "money", context: "Cost of outdoor warning sirens" },
        { name: "Federal hazard mitigation grant", type: "other", context: "Main funding for the sirens" },
      ],
      story: {
        headline: `Sirens, evacuation zones and free brush clearing in new wildfire plan`,
        lead: `${county ? ctx.city.county : ctx.city.name} will install ${sirens} outdoor warning sirens, adopt a map of ${zones} evacuation zones and expand free brush chipping after the ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to approve the annual wildfire preparedness plan.`,
        paragraphs: [
          `${chief.title} ${chief.full} said ${num(parcels)} parcels are in the very high fire hazard severity zone and that defensible space inspections were completed on ${num(inspected)} of them last season.`,
          `The plan adds ${usd(chipping)} for curbside chipping, including a crew that clears brush for qualifying residents at no charge. The sirens, costing ${usd(sirenCost)}, are mostly covered by a federal hazard mitigation grant. Every household in the hazard area will receive a postcard with its zone before fire season.`,
        ],
        quickFacts: [
          `Evacuation zones: ${zones}`,
          `Warning sirens: ${sirens}, ${usd(sirenCost)}`,
          `Chipping program: ${usd(chipping)}`,
          `Parcels in the highest hazard zone: ${num(parcels)}`,
        ],
        background: `The clearing crew's waiting list last year was about six weeks.`,
        primaryFocus: "Emergency preparedness",
        followUpNeeded: false,
      },
    };
  },
};

export const crossingGuardContract: AgendaItem = {
  id: "crossing-guard-contract",
  bodies: ["council", "school"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const school = ctx.roster.kind === "school";
    const speaker = school ? ctx.staff("finance") : ctx.staff("police");
    const vendor = rng.pick(["SafePath Crossing Services", "Brightway Traffic Safety", "All-City Crossing Guard Co."]);
    const posts = rng.int(9, 16);
    const total = amount(rng, 168_000, 286_000, 1_000);
    const share = rng.pick([40, 50]);
    const hourly = rng.pick([21.5, 23.75, 24.25]);
    const quote = `Last spring we had three near misses at the ${places.school} crosswalk in one week, all during the ten minutes before the bell.`;
    const vote = ctx.vote({
      mover: c,
      seconder: a,
      motion: school
        ? `I'll move to approve the cost-sharing agreement with the city for the crossing guard program.`
        : `Move to approve the two-year agreement with ${vendor} and the cost-sharing agreement with the school district.`,
    });
    const lines: Line[] = [
      say(
        speaker,
        school
          ? `Thank you, ${chair.address}. The city has asked us to renew our cost-sharing agreement for school crossing guards. The city contracts with ${vendor} for ${posts} guarded crossings around our elementary and middle schools. The two-year contract is ${usd(total)}, and under the agreement the district pays ${share} percent.`
          : `Thank you, ${chair.address}. This is a two-year agreement with ${vendor} to staff ${posts} school crossing posts, at a total cost of ${usd(total)}. The school district has agreed to pay ${share} percent under a separate cost-sharing agreement, which is also before you tonight.`,
      ),
      say(
        speaker,
        `The guards' pay goes to $${hourly} an hour, which the vendor says they need to fill posts. Last year two posts went unstaffed for most of October. ${quote}`,
      ),
      say(b, `Which crossings are the two new ones?`),
      say(
        speaker,
        `${places.arterial} at ${places.school}, and the crossing by the ${places.park} entrance that the middle school kids use. Both were requested by parents through the traffic safety committee.`,
      ),
      say(
        a,
        `I want to thank the parents who came to the committee on this. They did the counts themselves, in the rain.`,
      ),
      say(chair, `Anything else? ${c.ref}.`),
      say(c, `Just that if posts go unstaffed again, I'd like to know the same week, not in a year-end report.`),
      say(speaker, `We'll add a monthly staffing report to the contract.`),
      ...vote.lines,
    ];
    return {
      title: school
        ? `the crossing guard cost-sharing agreement with the city`
        : `the school crossing guard contract with ${vendor}`,
      lines,
      brief: `approved a ${usd(total)} school crossing guard contract covering ${posts} posts`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a two-year ${usd(total)} crossing guard contract with ${vendor} for ${posts} posts, with the school district paying ${share} percent. Guard pay rises to $${hourly} an hour, two crossings near ${places.school} and ${places.park} are added, and the vendor will report staffing monthly.`,
      highlights: [{ quote, point: `${speaker.ref} cited near misses at a school crosswalk.` }],
      actions: [
        {
          description: `Add a monthly staffing report to the ${vendor} agreement`,
          responsible_party: speaker.title,
          due_date: null,
        },
        {
          description: `Staff the two new crossings at ${places.arterial} and ${places.park}`,
          responsible_party: vendor,
          due_date: "Start of the school year",
        },
      ],
      entities: [
        { name: vendor, type: "organization", context: "Crossing guard contractor" },
        { name: places.school, type: "place", context: "School with a new guarded crossing" },
        { name: usd(total), type: "money", context: "Two-year contract" },
      ],
      story: {
        headline: `Two new guarded school crossings in ${usd(total)} contract`,
        lead: `Crossing guards will staff ${posts} posts near ${ctx.city.name} schools, including two new crossings, under a two-year ${usd(total)} contract approved ${vote.tally} by the ${ctx.bodyName} on ${ctx.date.weekday}.`,
        paragraphs: [
          `The school district will pay ${share} percent of the cost. Guard pay rises to $${hourly} an hour after two posts went unstaffed for most of October last year.`,
        ],
        quickFacts: [`Posts: ${posts}`, `Contract: ${usd(total)} over two years`, `District share: ${share} percent`],
        background: `Parents requested the new crossings through the traffic safety committee.`,
        primaryFocus: "School safety",
        followUpNeeded: false,
      },
    };
  },
};

export const midYearBudget: AgendaItem = {
  id: "mid-year-budget-review",
  bodies: ["council"],
  build(ctx) {
    const { rng, a, b, c, d, chair, date } = ctx;
    const finance = ctx.staff("finance");
    const general = amount(rng, 38_000_000, 94_000_000, 100_000);
    const salesTax = rng.pick([3.1, 4.4, 5.2, -1.8]);
    const surplus = amount(rng, 640_000, 2_100_000, 10_000);
    const reserve = rng.pick([16, 18, 21, 24]);
    const pension = amount(rng, 400_000, 900_000, 10_000);
    const fy = upcomingFiscalYear(date);
    const quote = `A one-time surplus is not a raise, and I'd ask the ${ctx.noun} not to treat it like one.`;
    const vote = ctx.vote({
      mover: a,
      seconder: d,
      motion: `I'll move to accept the mid-year report and approve the budget adjustments, with ${usd(pension)} to the pension stabilization fund.`,
    });
    const lines: Line[] = [
      say(
        finance,
        `Good evening. This is the mid-year budget review. The general fund budget is ${usd(general)}. Through December, revenues are tracking ${salesTax > 0 ? "ahead of" : "behind"} projections: sales tax is ${salesTax > 0 ? "up" : "down"} ${Math.abs(salesTax)} percent over last year, property tax is on budget, and building permit revenue is running about 9 percent under because two large projects slipped.`,
      ),
      say(
        finance,
        `On the expense side, departments are at 47 percent of budget at the halfway point. We're projecting a one-time surplus of about ${usd(surplus)} at year end. Our general fund reserve is at ${reserve} percent of expenditures, against a policy target of 17 percent.`,
        6,
      ),
      say(
        finance,
        `${quote} Our recommendation is to put ${usd(pension)} into the pension stabilization fund and hold the rest for the ${fy} budget, where we're projecting a structural gap because of the new labor contracts.`,
      ),
      say(b, `How big is the gap for next year?`),
      say(
        finance,
        `Preliminary, between one and one and a half million, before any changes. We'll bring options at the budget workshop in April.`,
      ),
      say(
        c,
        `I'd like at least some of the surplus to go to deferred maintenance. We keep hearing about roofs and HVAC systems at city buildings.`,
      ),
      say(
        ctx.exec,
        `That's a fair point. We can bring a list of deferred maintenance projects with costs to the April workshop so the ${ctx.noun} can weigh them against the gap.`,
      ),
      say(chair, `I'm comfortable with the pension payment. It's the boring choice, and it's the right one.`),
      ...vote.lines,
    ];
    return {
      title: `the mid-year budget review`,
      lines,
      brief: `accepted the mid-year budget review and sent ${usd(pension)} to the pension stabilization fund`,
      summary: `The ${ctx.noun} accepted the mid-year budget review, ${vote.tally}: sales tax is ${salesTax > 0 ? "up" : "down"} ${Math.abs(salesTax)} percent, a one-time surplus of about ${usd(surplus)} is projected, reserves stand at ${reserve} percent, and ${usd(pension)} goes to pension stabilization. A structural gap is expected for ${fy}.`,
      highlights: [{ quote, point: `${finance.ref} cautioned against using one-time money for ongoing costs.` }],
      actions: [
        {
          description: `Bring budget-gap options and a costed deferred maintenance list to the April budget workshop`,
          responsible_party: "City Manager",
          due_date: "April budget workshop",
        },
        {
          description: `Transfer ${usd(pension)} to the pension stabilization fund`,
          responsible_party: "Finance Department",
          due_date: null,
        },
      ],
      entities: [
        { name: finance.full, type: "person", context: finance.title },
        { name: usd(general), type: "money", context: "General fund budget" },
        { name: usd(surplus), type: "money", context: "Projected one-time surplus" },
      ],
      story: {
        headline: `Mid-year review: ${usd(surplus)} one-time surplus, a gap ahead`,
        lead: `${ctx.city.name} expects to finish the year with a one-time surplus of about ${usd(surplus)}, but a structural gap looms for ${fy}, the city's finance director told the ${ctx.bodyName} on ${ctx.date.weekday}.`,
        paragraphs: [
          `The council voted ${vote.tally} to send ${usd(pension)} to the pension stabilization fund and hold the rest for next year's budget.`,
        ],
        quickFacts: [`General fund: ${usd(general)}`, `Reserve: ${reserve} percent of expenditures`],
        background: `The city's reserve policy target is 17 percent.`,
        primaryFocus: "City budget",
        followUpNeeded: true,
      },
    };
  },
};

export const pavementProgram: AgendaItem = {
  id: "pavement-program",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const pw = ctx.staff("publicWorks");
    const pci = rng.int(52, 67);
    const bid = amount(rng, 1_900_000, 4_200_000, 10_000);
    const lanes = rng.int(11, 24);
    const contractor = rng.pick([
      "Granite Ridge Paving",
      "Tri-County Asphalt",
      "Westmark Construction",
      "Blacktop Brothers Inc.",
    ]);
    const quote = `Every dollar we spend sealing a street in fair condition saves us about six or seven dollars of reconstruction later.`;
    const vote = ctx.vote({
      mover: c,
      seconder: b,
      motion: `Move to award the annual pavement contract to ${contractor} in the amount of ${usd(bid)}.`,
    });
    const lines: Line[] = [
      say(
        pw,
        `Thank you, ${chair.address}. This is the annual pavement maintenance contract. Our citywide pavement condition index is ${pci}, which the industry would call fair, and it's been slipping about a point a year. This year's program covers ${lanes} lane miles, a mix of slurry seal on streets in fair condition and full overlay on the worst streets in ${places.neighborhood}.`,
      ),
      say(
        pw,
        `${contractor} is the low bidder at ${usd(bid)}. I know people always ask why we seal streets that look fine. ${quote}`,
      ),
      say(a, `I get more calls about ${places.arterial} than anything else. Is it in this year's list?`),
      say(
        pw,
        `The section from ${places.mainStreet} to the freeway is in this year. The rest is in next year's program, because we're coordinating with the water main replacement so we don't repave and then dig it up.`,
      ),
      say(d, `Thank you for that. Nothing makes people angrier than a trench in a new street.`),
      say(chair, `Anything else? Is there a motion?`),
      ...vote.lines,
    ];
    return {
      title: `the annual pavement maintenance contract`,
      lines,
      brief: `awarded a ${usd(bid)} paving contract covering ${lanes} lane miles`,
      summary: `The ${ctx.noun} awarded the annual pavement maintenance contract, ${vote.tally}, to ${contractor} for ${usd(bid)}, covering ${lanes} lane miles of slurry seal and overlay. The citywide pavement condition index is ${pci}.`,
      highlights: [{ quote, point: `${pw.ref} explained why the city seals streets before they fail.` }],
      actions: [
        {
          description: `Coordinate the ${places.arterial} repaving with the water main replacement`,
          responsible_party: "Public Works Department",
          due_date: "Next year's program",
        },
      ],
      entities: [
        { name: contractor, type: "organization", context: "Paving contractor" },
        { name: places.arterial, type: "place", context: "Partly repaved this year" },
      ],
      story: {
        headline: `${lanes} lane miles of streets to be repaved or sealed this year`,
        lead: `The ${ctx.bodyName} awarded a ${usd(bid)} paving contract on ${ctx.date.weekday}.`,
        paragraphs: [`The citywide pavement condition index is ${pci}.`],
        quickFacts: [`Contract: ${usd(bid)}`, `Lane miles: ${lanes}`],
        background: `The pavement index has slipped about a point a year.`,
        primaryFocus: "Streets",
        followUpNeeded: false,
      },
    };
  },
};

export const warmingCenter: AgendaItem = {
  id: "winter-warming-center",
  bodies: ["council", "county"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const provider = rng.pick([
      "Harbor Light Outreach",
      "Open Door Shelter Network",
      "St. Brendan's Community Services",
    ]);
    const beds = rng.int(24, 48);
    const nights = rng.int(70, 110);
    const cost = amount(rng, 120_000, 260_000, 1_000);
    const count = rng.int(90, 260);
    const quote = `Nobody in this room wants to read about someone freezing to death under a bridge in our town.`;
    const neighbor = ctx.residentName();
    const vote = ctx.vote({
      mover: a,
      seconder: c,
      motion: `I'll move to approve the agreement with ${provider} for the warming center, with the good neighbor plan as a condition.`,
      noes: rng.chance(0.4) ? [d] : [],
    });
    const lines: Line[] = [
      say(
        ctx.exec,
        `This item is an agreement with ${provider} to run an overnight warming center at the ${places.center} this winter, ${beds} beds for up to ${nights} nights when the overnight low is forecast at or below freezing. The cost is ${usd(cost)}. The most recent point-in-time count found ${count} people unsheltered in the area.`,
      ),
      say(
        ctx.exec,
        `The agreement includes a good neighbor plan: staff on site all night, doors open at 7 p.m. and close at 7 a.m., a phone number neighbors can call, and a cleanup walk of the surrounding blocks every morning.`,
      ),
      say(chair, `I have a speaker. ${neighbor}.`),
      say(
        ctx.publicLabel,
        `I live across the street from the center. Last winter there were people sleeping in our doorways because there was nowhere to go. I would rather they be inside. I just want the phone number to actually be answered.`,
      ),
      say(b, `What happens during the day?`),
      say(
        ctx.exec,
        `${provider} will run a day resource table twice a week at the library with county outreach workers, for housing applications, ID replacement and health care sign-ups.`,
      ),
      say(
        d,
        `I support helping people. My concern is that we keep opening things on a one-year basis without a plan for what comes after.`,
      ),
      say(c, `${quote} Let's do this, and ask for the longer-term plan at the same time.`),
      ...vote.lines,
    ];
    return {
      title: `the winter warming center agreement`,
      lines,
      brief: `approved a ${usd(cost)} winter warming center with ${beds} beds`,
      summary: `The ${ctx.noun} voted ${vote.tally} to fund a ${beds}-bed overnight warming center at the ${places.center} run by ${provider} for up to ${nights} freezing nights, at ${usd(cost)}, with a good neighbor plan and a twice-weekly day resource table.`,
      highlights: [{ quote, point: `${c.ref} framed the warming center as a basic safety measure.` }],
      actions: [
        {
          description: `Open the warming center on nights forecast at or below freezing`,
          responsible_party: provider,
          due_date: null,
        },
        { description: `Bring a longer-term sheltering plan`, responsible_party: ctx.exec.title, due_date: null },
      ],
      entities: [
        { name: provider, type: "organization", context: "Warming center operator" },
        { name: places.center, type: "place", context: "Warming center site" },
      ],
      story: {
        headline: `Warming center with ${beds} beds to open on freezing nights`,
        lead: `The ${ctx.bodyName} approved a ${usd(cost)} warming center on ${ctx.date.weekday}.`,
        paragraphs: [`The point-in-time count found ${count} people unsheltered.`],
        quickFacts: [`Beds: ${beds}`, `Cost: ${usd(cost)}`],
        background: `The center will operate under a good neighbor plan.`,
        primaryFocus: "Homelessness",
        followUpNeeded: true,
      },
    };
  },
};
