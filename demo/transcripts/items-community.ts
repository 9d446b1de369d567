/**
 * Agenda items, part 3: organics collection, gas leaf blowers, downtown
 * parking, trees, a dog park, food trucks, broadband, stormwater, the
 * senior center, a grocery design review, school start times and a county
 * transfer station.
 */
import { amount, num, usd, type AgendaItem, type Line, type Person } from "./types";

const say = (speaker: Person | string, text: string, pauseBefore?: number): Line =>
  pauseBefore ? { speaker, text, pauseBefore } : { speaker, text };

export const organicsCollection: AgendaItem = {
  id: "organics-collection",
  bodies: ["council"],
  build(ctx) {
    const { rng, a, b, c, d, chair } = ctx;
    const pw = ctx.staff("publicWorks");
    const hauler = rng.pick(["Coastal Recovery Services", "GreenBin Disposal", "Ridgeline Waste & Recycling"]);
    const monthly = rng.pick([2.85, 3.4, 3.95]);
    const tons = rng.int(3, 8) * 1000 + rng.int(1, 9) * 100;
    const pct = rng.pick([31, 36, 40]);
    const quote = `Food scraps are about a third of what goes in the black cart, and when they rot in a landfill they make methane.`;
    const complaint = `I don't need another bin, I need the one I have emptied on the day you say you'll empty it.`;
    const vote = ctx.vote({
      mover: b,
      seconder: a,
      motion: `Move to approve the franchise amendment with ${hauler} and the rate adjustment for organics service.`,
      noes: rng.chance(0.5) ? [c] : [],
    });
    const resident = ctx.residentName();
    const lines: Line[] = [
      say(
        pw,
        `Thank you, ${chair.address}. This is an amendment to our franchise agreement with ${hauler} to start weekly curbside organics collection, food scraps and yard waste together in the green cart, starting in the spring. Our waste characterization study found food and yard waste make up ${pct} percent of what residents throw away. ${quote}`,
      ),
      say(
        pw,
        `The monthly residential rate would go up by $${monthly.toFixed(2)}. Every household gets a free kitchen pail, and we'll have a compost giveaway at the corporation yard twice a year. We estimate diverting about ${num(tons)} tons a year from the landfill.`,
      ),
      say(chair, `Public comment. ${resident}.`),
      say(ctx.publicLabel, `${complaint} My recycling has been missed three times since August. Fix that first.`),
      say(chair, `Thank you. ${pw.ref}, can you speak to missed pickups?`),
      say(
        pw,
        `Yes. The amendment includes liquidated damages for missed collections, $150 per incident after the first one in a month, and the hauler has to report missed pickups to us weekly. That's new.`,
      ),
      say(c, `I'm not thrilled about another rate increase the same year as everything else.`),
      say(
        d,
        `The state requirement isn't optional. If we don't do this, we're out of compliance and the fines are much bigger than the rate.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `the organics collection amendment to the solid waste franchise`,
      lines,
      brief: `approved weekly curbside food scrap collection for $${monthly.toFixed(2)} more a month`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a franchise amendment with ${hauler} adding weekly organics collection from spring at $${monthly.toFixed(2)} more per month, expected to divert ${num(tons)} tons a year, with new $150 penalties for missed collections.`,
      highlights: [
        { quote, point: `${pw.ref} explained why food scraps are being separated.` },
        { quote: complaint, point: "A resident asked the city to fix missed pickups before adding service." },
      ],
      actions: [
        {
          description: `Distribute kitchen pails and start organics collection`,
          responsible_party: hauler,
          due_date: "Spring",
        },
      ],
      entities: [{ name: hauler, type: "organization", context: "Franchised waste hauler" }],
      story: {
        headline: `Food scraps go in the green cart starting this spring`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to add weekly organics collection.`,
        paragraphs: [`The monthly residential rate rises by $${monthly.toFixed(2)}.`],
        quickFacts: [`Rate increase: $${monthly.toFixed(2)} a month`, `Diverted: about ${num(tons)} tons a year`],
        background: `Food and yard waste are ${pct} percent of household trash.`,
        primaryFocus: "Solid waste",
        followUpNeeded: false,
      },
    };
  },
};

export const leafBlowerPhaseOut: AgendaItem = {
  id: "gas-leaf-blower-phase-out",
  bodies: ["council"],
  build(ctx) {
    const { rng, a, b, c, d, chair } = ctx;
    const planner = ctx.staff("planning");
    const rebate = rng.pick([100, 150, 200]);
    const fund = amount(rng, 40_000, 90_000, 5_000);
    const landscaper = ctx.residentName();
    const quote = `A commercial gas leaf blower running for half an hour puts out about as much smog-forming pollution as driving a pickup truck from here to the state line.`;
    const worker = `My crew is six guys and the batteries for a full day cost me more than the blowers did.`;
    const vote = ctx.vote({
      mover: a,
      seconder: d,
      motion: `I'll move to introduce the ordinance with the phase-out date moved back one year for commercial operators, and the rebate program at $${rebate}.`,
      noes: [b],
    });
    const lines: Line[] = [
      say(
        planner,
        `This ordinance would phase out gas-powered leaf blowers. Residents could no longer use them starting next January, and commercial landscapers a year after that. Staff is also proposing a rebate of $${rebate} toward a battery-powered blower for residents and small businesses, with ${usd(fund)} in initial funding.`,
      ),
      say(
        planner,
        `The reasons are noise and air quality. ${quote} Noise complaints about blowers were the most common noise complaint the city received last year.`,
      ),
      say(chair, `Public comment. ${landscaper}.`),
      say(
        ctx.publicLabel,
        `I've been a landscaper in this town for twenty-two years. ${worker} I'm not against it, but give us time and give the rebate to the crews, not just homeowners.`,
      ),
      say(chair, `Thank you.`),
      say(b, `I'm worried about the small operators. This is a big cost hitting them all at once.`),
      say(c, `Could commercial operators get a bigger rebate, or one per crew member?`),
      say(
        planner,
        `We could structure it per business, up to three units. It would need more funding, roughly double.`,
      ),
      say(a, `Let's push the commercial date back a year and bring the rebate structure back with the second reading.`),
      ...vote.lines,
    ];
    return {
      title: `an ordinance phasing out gas-powered leaf blowers`,
      lines,
      brief: `introduced a phase-out of gas-powered leaf blowers with $${rebate} rebates`,
      summary: `The ${ctx.noun} introduced, ${vote.tally}, an ordinance phasing out gas leaf blowers, with the commercial deadline pushed back a year and $${rebate} rebates funded at ${usd(fund)}. A landscaper asked for more time and help for crews.`,
      highlights: [
        { quote: worker, point: "A landscaper described the cost of switching a crew to battery equipment." },
      ],
      actions: [
        {
          description: `Return with a per-business rebate structure at second reading`,
          responsible_party: planner.title,
          due_date: "Second reading",
        },
      ],
      entities: [{ name: `$${rebate}`, type: "money", context: "Rebate per battery-powered blower" }],
      story: {
        headline: `Gas leaf blowers to be phased out`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to introduce a phase-out of gas leaf blowers.`,
        paragraphs: [`Residents would receive a $${rebate} rebate.`],
        quickFacts: [`Rebate: $${rebate}`],
        background: `Blower noise was the most common noise complaint last year.`,
        primaryFocus: "Environment",
        followUpNeeded: true,
      },
    };
  },
};

export const downtownParking: AgendaItem = {
  id: "downtown-parking-meters",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const engineer = ctx.staff("engineer");
    const occupancy = rng.int(88, 97);
    const rate = rng.pick([1, 1.25, 1.5]);
    const spaces = rng.int(310, 520);
    const revenue = amount(rng, 280_000, 560_000, 5_000);
    const quote = `The problem downtown isn't that there's no parking, it's that the best ${num(spaces)} spaces are full by nine in the morning with employees' cars.`;
    const owner = ctx.residentName();
    const vote = ctx.vote({
      mover: c,
      seconder: a,
      motion: `I'll move the pilot as presented, six months, with the first thirty minutes free and employee permits in the ${places.library} lot.`,
      noes: rng.chance(0.5) ? [d] : [],
    });
    const lines: Line[] = [
      say(
        engineer,
        `Thank you. Our parking study counted occupancy on ${places.mainStreet} at ${occupancy} percent at midday, which means people circle, give up, or park in the neighborhoods. ${quote}`,
      ),
      say(
        engineer,
        `We're proposing a six-month pilot with pay stations at $${rate.toFixed(2)} an hour, the first thirty minutes free, and discounted monthly permits for downtown employees in the lot behind the ${places.library}. Net revenue is estimated at ${usd(revenue)} a year and, by policy, would stay downtown for sidewalks, lighting and cleaning.`,
      ),
      say(chair, `I have one card. ${owner}.`),
      say(
        ctx.publicLabel,
        `I own the bookstore. I was against meters for ten years. I've changed my mind, because my customers can't find a space and my own staff are taking them. Please keep the thirty minutes free.`,
      ),
      say(d, `I'm not convinced. Nobody comes downtown to pay for parking when the shopping center is free.`),
      say(b, `What happens at the end of the pilot?`),
      say(
        engineer,
        `We come back with occupancy counts, revenue and a merchant survey, and the ${ctx.noun} decides whether to keep it, change it or remove the pay stations.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `a downtown paid parking pilot`,
      lines,
      brief: `approved a six-month downtown paid parking pilot at $${rate.toFixed(2)} an hour`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a six-month paid parking pilot on ${places.mainStreet} at $${rate.toFixed(2)} an hour with thirty free minutes and discounted employee permits, after a study found ${occupancy} percent midday occupancy.`,
      highlights: [{ quote, point: `${engineer.ref} blamed employee parking for the lack of downtown spaces.` }],
      actions: [
        {
          description: "Report occupancy, revenue and a merchant survey at the end of the pilot",
          responsible_party: "Public Works Department",
          deadline: "End of the six-month pilot",
        },
      ],
      entities: [{ name: places.mainStreet, type: "place", context: "Downtown street in the parking pilot" }],
      story: {
        headline: `Paid parking pilot coming to ${places.mainStreet}`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} for a paid parking pilot downtown.`,
        paragraphs: [`Midday occupancy was ${occupancy} percent.`],
        quickFacts: [`Rate: $${rate.toFixed(2)} an hour`],
        background: `Net revenue would stay downtown.`,
        primaryFocus: "Downtown",
        followUpNeeded: true,
      },
    };
  },
};

export const treeOrdinance: AgendaItem = {
  id: "tree-preservation-ordinance",
  bodies: ["council", "planning"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const parks = ctx.staff("parks");
    const canopy = rng.int(17, 29);
    const goal = canopy + rng.pick([5, 7, 8]);
    const diameter = rng.pick([12, 16, 18]);
    const fee = rng.pick([450, 600, 750]);
    const lost = rng.int(140, 380);
    const quote = `We lost ${lost} street trees in the last three years and planted back fewer than half of them.`;
    const vote = ctx.vote({
      mover: a,
      seconder: b,
      motion:
        ctx.roster.kind === "planning"
          ? `I'll move to recommend the tree preservation ordinance to the City Council as drafted.`
          : `Move to introduce the tree preservation ordinance and adopt the urban forest plan.`,
    });
    const lines: Line[] = [
      say(
        parks,
        `Thank you, ${chair.address}. Our tree canopy covers ${canopy} percent of the city. The urban forest plan sets a goal of ${goal} percent by 2045. ${quote}`,
      ),
      say(
        parks,
        `The ordinance would require a permit to remove any tree over ${diameter} inches in diameter on private property, and any native oak over six inches. Removals would have to be replaced two for one on site, or the owner pays an in-lieu fee of $${fee} per tree into a planting fund.`,
      ),
      say(
        c,
        `What about a tree that's dying or dangerous? I don't want someone to wait six weeks for a permit with a dead pine over their roof.`,
      ),
      say(
        parks,
        `Hazard trees are exempt with a letter from a certified arborist, and emergency removals can happen first with the permit filed after.`,
      ),
      say(b, `Does the in-lieu fee actually get trees planted, or does it just sit in an account?`),
      say(
        parks,
        `The fund is restricted to planting and three years of watering. We'd focus it on ${places.neighborhood} and the blocks along ${places.arterial}, which have the least shade and the hottest summer surface temperatures.`,
      ),
      say(a, `I think this is good work. Shade is going to matter more every summer.`),
      ...vote.lines,
    ];
    return {
      title: `the tree preservation ordinance and urban forest plan`,
      lines,
      brief: `advanced a tree preservation ordinance aiming for ${goal} percent canopy by 2045`,
      summary: `The ${ctx.noun} voted ${vote.tally} to advance a tree preservation ordinance requiring permits to remove private trees over ${diameter} inches and native oaks over six inches, with two-for-one replacement or a $${fee} in-lieu fee. Canopy is ${canopy} percent against a goal of ${goal} percent by 2045.`,
      highlights: [{ quote, point: `${parks.ref} described the loss of street trees.` }],
      actions: [
        {
          description: `Prepare permit forms and the planting fund for the tree ordinance`,
          responsible_party: "Parks and Recreation Department",
          due_date: null,
        },
      ],
      entities: [{ name: `${canopy} percent`, type: "other", context: "Current tree canopy" }],
      story: {
        headline: `Tree permits proposed as canopy goal set`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} on a tree ordinance.`,
        paragraphs: [`Canopy is ${canopy} percent.`],
        quickFacts: [`Goal: ${goal} percent by 2045`],
        background: `The city lost ${lost} street trees in three years.`,
        primaryFocus: "Urban forest",
        followUpNeeded: false,
      },
    };
  },
};

export const dogPark: AgendaItem = {
  id: "dog-park",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, d, chair } = ctx;
    const parks = ctx.staff("parks");
    const acres = rng.pick([0.9, 1.2, 1.5]);
    const cost = amount(rng, 180_000, 340_000, 5_000);
    const raised = amount(rng, 22_000, 61_000, 500);
    const group = rng.pick(["Friends of the Dog Park", "Paws for Parks", "Bark Alliance"]);
    const quote = `We sold dog biscuits at the farmers market for two summers to raise ${usd(raised)}, one bag at a time.`;
    const vote = ctx.vote({
      mover: d,
      seconder: a,
      motion: `Move to approve the design and the fund transfer for the ${places.smallPark} dog park.`,
    });
    const volunteer = ctx.residentName();
    const lines: Line[] = [
      say(
        parks,
        `This is the concept design for a fenced off-leash dog area at ${places.smallPark}, about ${acres} acres, with separate areas for large and small dogs, a double-gated entry, water, shade and decomposed granite surfacing. The total cost is ${usd(cost)}. ${group} has raised private donations toward it, and the rest would come from park impact fees.`,
      ),
      say(chair, `I see members of ${group} here. ${volunteer}.`),
      say(
        ctx.publicLabel,
        `Thank you. ${quote} Right now people let their dogs off leash on the ball fields, and that's not fair to the soccer families. Please give the dogs a place.`,
      ),
      say(b, `What about the neighbors next to ${places.smallPark}? Barking, parking?`),
      say(
        parks,
        `The dog area is on the north end, away from the houses, and hours would be dawn to dusk. There are twenty-six parking spaces in the lot, which the counts show are rarely more than half full.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `the ${places.smallPark} dog park design`,
      lines,
      brief: `approved a ${usd(cost)} off-leash dog park at ${places.smallPark}`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a ${usd(cost)} fenced off-leash dog area of about ${acres} acres at ${places.smallPark}, partly funded by ${usd(raised)} raised by ${group}.`,
      highlights: [{ quote, point: `A volunteer described years of fundraising for the dog park.` }],
      actions: [
        {
          description: `Final design and bidding for the dog park`,
          responsible_party: "Parks and Recreation Department",
          due_date: null,
        },
      ],
      entities: [{ name: group, type: "organization", context: "Volunteer fundraising group" }],
      story: {
        headline: `Dog park approved at ${places.smallPark}`,
        lead: `The ${ctx.bodyName} approved a dog park on ${ctx.date.weekday}.`,
        paragraphs: [`It will cost ${usd(cost)}.`],
        quickFacts: [`Size: about ${acres} acres`],
        background: `${group} raised ${usd(raised)}.`,
        primaryFocus: "Parks",
        followUpNeeded: false,
      },
    };
  },
};

export const foodTruckPermits: AgendaItem = {
  id: "food-truck-permits",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const planner = ctx.staff("planning");
    const fee = rng.pick([225, 300, 375]);
    const distance = rng.pick([100, 150, 200]);
    const owner = ctx.residentName();
    const restaurant = ctx.residentName();
    const quote = `I started my truck because I couldn't afford a lease on ${places.mainStreet}, and someday I want to be on ${places.mainStreet}.`;
    const vote = ctx.vote({
      mover: b,
      seconder: c,
      motion: `I'll move to introduce the mobile vending ordinance with the ${distance}-foot buffer from restaurant entrances.`,
      noes: rng.chance(0.5) ? [a] : [],
    });
    const lines: Line[] = [
      say(
        planner,
        `Right now food trucks can only operate at private events with a temporary permit. This ordinance creates an annual mobile vending permit for $${fee}, allows trucks in the industrial area at lunch, in city parks with a park permit, and downtown on Thursday evenings, with a buffer of ${distance} feet from the entrance of any restaurant.`,
      ),
      say(chair, `Public comment. ${owner}.`),
      say(
        ctx.publicLabel,
        `I run the taco truck you see at the brewery on weekends. ${quote} Thank you for doing this.`,
      ),
      say(chair, `${restaurant}.`),
      say(
        ctx.publicLabel,
        `I own a restaurant. We pay rent, we pay property tax through our lease, we pay for our grease trap. I'm not against trucks. I'm asking that the buffer be real and enforced.`,
      ),
      say(a, `I'd be more comfortable with a bigger buffer downtown.`),
      say(
        planner,
        `At ${distance} feet, there are still four locations downtown where a truck could park on a Thursday. If the buffer doubles, there is one.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `the mobile food vending ordinance`,
      lines,
      brief: `introduced an annual food truck permit`,
      summary: `The ${ctx.noun} introduced, ${vote.tally}, a mobile vending ordinance with an annual $${fee} permit, allowing trucks in the industrial area, parks and downtown on Thursday evenings with a ${distance}-foot buffer from restaurant entrances.`,
      highlights: [{ quote, point: "A food truck owner described trucks as a path to a storefront." }],
      actions: [
        {
          description: "Bring the mobile vending ordinance back for second reading",
          responsible_party: "City Clerk",
          due_date: "Next regular meeting",
        },
      ],
      entities: [{ name: places.mainStreet, type: "place", context: "Downtown street" }],
      story: {
        headline: `Food trucks could park downtown on Thursdays`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to introduce a food truck ordinance.`,
        paragraphs: [`The permit fee would be $${fee}.`],
        quickFacts: [`Buffer: ${distance} feet`],
        background: `Trucks are currently limited to private events.`,
        primaryFocus: "Small business",
        followUpNeeded: false,
      },
    };
  },
};

export const broadbandPlan: AgendaItem = {
  id: "broadband-master-plan",
  bodies: ["council", "county"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const exec = ctx.exec;
    const homes = rng.int(8, 26) * 100;
    const grant = amount(rng, 1_200_000, 3_900_000, 100_000);
    const match = Math.round((grant * 0.25) / 1000) * 1000;
    const isp = rng.pick(["Summit Fiber Cooperative", "Lightpath Rural Broadband", "Coastline Networks"]);
    const quote = `My kids did a year of school from the parking lot of the ${places.library} because that was the only place the video wouldn't freeze.`;
    const vote = ctx.vote({
      mover: c,
      seconder: d,
      motion: `Move to authorize the grant application and the partnership agreement with ${isp}.`,
    });
    const lines: Line[] = [
      say(
        exec,
        `This item authorizes a joint application with ${isp} for a state broadband infrastructure grant of ${usd(grant)} to run fiber to about ${num(homes)} homes in ${places.neighborhood} and the areas around it that today have no wired service faster than 25 megabits. The local match is 25 percent, ${usd(match)}, which ${isp} has agreed to cover in exchange for use of city conduit.`,
      ),
      say(a, `${quote} I know that's an anecdote, but I've heard it from a dozen families.`),
      say(b, `What's the price to residents once it's built? I don't want us to build something people can't afford.`),
      say(
        exec,
        `The grant requires an affordable plan, currently 100 megabits for $30 a month, for at least ten years.`,
      ),
      say(chair, `Any questions? Is there a motion?`),
      ...vote.lines,
    ];
    return {
      title: `a broadband infrastructure grant application with ${isp}`,
      lines,
      brief: `authorized a ${usd(grant)} broadband grant application to bring fiber to ${num(homes)} homes`,
      summary: `The ${ctx.noun} voted ${vote.tally} to apply with ${isp} for a ${usd(grant)} state broadband grant to bring fiber to about ${num(homes)} underserved homes, with ${isp} covering the ${usd(match)} match and offering a $30 a month plan.`,
      highlights: [{ quote, point: `${a.ref} described families doing school from a library parking lot.` }],
      actions: [
        {
          description: "Submit the broadband infrastructure grant application",
          responsible_party: exec.title,
          due_date: null,
        },
      ],
      entities: [{ name: isp, type: "organization", context: "Broadband partner" }],
      story: {
        headline: `City seeks ${usd(grant)} for rural fiber`,
        lead: `The ${ctx.bodyName} approved a broadband grant application on ${ctx.date.weekday}.`,
        paragraphs: [`About ${num(homes)} homes would be served.`],
        quickFacts: [`Grant: ${usd(grant)}`],
        background: `The homes have no wired service faster than 25 megabits.`,
        primaryFocus: "Broadband",
        followUpNeeded: true,
      },
    };
  },
};

export const stormwaterFee: AgendaItem = {
  id: "stormwater-flooding",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const engineer = ctx.staff("engineer");
    const fee = rng.pick([4.5, 6, 7.5]);
    const homes = rng.int(40, 140);
    const culvert = amount(rng, 900_000, 2_200_000, 50_000);
    const year = rng.pick([2019, 2022, 2023]);
    const quote = `When ${places.creek} came over its banks in ${year}, I had four feet of water in my basement and the city's answer was sandbags.`;
    const vote = ctx.vote({
      mover: d,
      seconder: b,
      motion: `I'll move to set the public hearing on the stormwater utility fee and approve the culvert design.`,
      noes: rng.chance(0.4) ? [a] : [],
    });
    const resident = ctx.residentName();
    const lines: Line[] = [
      say(
        engineer,
        `Thank you. The stormwater master plan identifies the undersized culvert where ${places.creek} passes under ${places.arterial} as the main cause of flooding in ${places.neighborhood}. About ${homes} homes are in the area that flooded in ${year}. Replacing the culvert is estimated at ${usd(culvert)}.`,
      ),
      say(
        engineer,
        `We don't have a dedicated funding source for storm drainage today. It comes out of the general fund, competing with police and parks. Staff recommends setting a public hearing on a stormwater utility fee of $${fee.toFixed(2)} per month for a typical home, based on hard surface area.`,
      ),
      say(chair, `Public comment. ${resident}.`),
      say(ctx.publicLabel, `${quote} I'll pay the fee. I just want to see the culvert get built before the next one.`),
      say(a, `I'm not ready to add a new fee. I'd like to see whether we can bond for the culvert first.`),
      say(c, `A bond still needs a revenue source to pay it back. That's what the fee is.`),
      ...vote.lines,
    ];
    return {
      title: `the ${places.creek} culvert and a proposed stormwater fee`,
      lines,
      brief: `set a hearing on a $${fee.toFixed(2)} monthly stormwater fee`,
      summary: `The ${ctx.noun} voted ${vote.tally} to design a ${usd(culvert)} replacement of the ${places.creek} culvert under ${places.arterial}, blamed for the ${year} flooding of about ${homes} homes, and to set a hearing on a $${fee.toFixed(2)} monthly stormwater fee.`,
      highlights: [{ quote, point: "A resident described flooding from the creek." }],
      actions: [
        {
          description: "Notice the public hearing on the stormwater utility fee",
          responsible_party: "City Clerk",
          due_date: null,
        },
      ],
      entities: [{ name: places.creek, type: "place", context: "Flooded in " + year }],
      story: {
        headline: `Stormwater fee proposed to fix ${places.creek} flooding`,
        lead: `The ${ctx.bodyName} set a hearing on a stormwater fee on ${ctx.date.weekday}.`,
        paragraphs: [`The culvert would cost ${usd(culvert)}.`],
        quickFacts: [`Fee: $${fee.toFixed(2)} a month`],
        background: `About ${homes} homes flooded in ${year}.`,
        primaryFocus: "Flooding",
        followUpNeeded: true,
      },
    };
  },
};

export const seniorCenterHvac: AgendaItem = {
  id: "senior-center-hvac",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, chair } = ctx;
    const pw = ctx.staff("publicWorks");
    const cost = amount(rng, 310_000, 690_000, 1_000);
    const temp = rng.pick([88, 91, 94]);
    const quote = `In August it was ${temp} degrees inside the main hall during lunch, and we had to send people home.`;
    const vote = ctx.vote({
      mover: a,
      seconder: b,
      motion: `Move to award the emergency contract for the HVAC replacement at the ${places.center}.`,
    });
    const lines: Line[] = [
      say(
        pw,
        `This is a request to award a contract for replacing the heating and cooling system at the ${places.center}. The rooftop units are twenty-nine years old and one failed completely this summer. ${quote}`,
      ),
      say(
        pw,
        `The cost is ${usd(cost)}, from the facilities replacement fund. Because of the health risk to seniors, we're asking you to waive formal bidding under the emergency provisions and use the cooperative purchasing contract, which was competitively bid by the state.`,
      ),
      say(
        ctx.counsel,
        `The findings for the emergency are in the resolution, and the cooperative contract satisfies our purchasing ordinance.`,
      ),
      say(chair, `Questions? This seems straightforward. Is there a motion?`),
      ...vote.lines,
    ];
    return {
      title: `the ${places.center} heating and cooling replacement`,
      lines,
      brief: `approved a ${usd(cost)} emergency HVAC replacement at the ${places.center}`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a ${usd(cost)} emergency replacement of the twenty-nine-year-old heating and cooling units at the ${places.center} through a cooperative purchasing contract, after indoor temperatures reached ${temp} degrees this summer.`,
      highlights: [{ quote, point: `${pw.ref} described the heat inside the center.` }],
      actions: [
        {
          description: `Replace the rooftop HVAC units at the ${places.center}`,
          responsible_party: "Public Works Department",
          due_date: null,
        },
      ],
      entities: [{ name: places.center, type: "place", context: "Senior and community center" }],
      story: {
        headline: `Emergency cooling fix for the ${places.center}`,
        lead: `The ${ctx.bodyName} approved a ${usd(cost)} HVAC replacement on ${ctx.date.weekday}.`,
        paragraphs: [`It reached ${temp} degrees inside.`],
        quickFacts: [`Cost: ${usd(cost)}`],
        background: `One rooftop unit failed completely this summer.`,
        primaryFocus: "City facilities",
        followUpNeeded: false,
      },
    };
  },
};

export const groceryDesignReview: AgendaItem = {
  id: "grocery-design-review",
  bodies: ["planning"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const planner = ctx.staff("planning");
    const sqft = rng.int(28, 46) * 1000;
    const stalls = rng.int(110, 190);
    const chain = rng.pick(["Valley Fresh Market", "Harvest Basket Grocers", "Cornerstone Foods"]);
    const quote = `From the street, this is a 400-foot blank wall with a logo on it, and we can do better than that on a gateway corridor.`;
    const vote = ctx.vote({
      mover: d,
      seconder: b,
      motion: `I'll move to approve the design review with conditions: storefront windows along the street side, and the added trees in the parking lot.`,
    });
    const architect = ctx.residentName();
    const lines: Line[] = [
      say(
        planner,
        `This is design review for a ${num(sqft)}-square-foot ${chain} grocery store on the vacant lot at ${places.arterial} and ${places.mainStreet}, with ${stalls} parking stalls. The use is permitted by right, so the commission's review is limited to the design guidelines: building articulation, landscaping, lighting and circulation.`,
      ),
      say(chair, `Thank you. The applicant's architect is here. ${architect}.`),
      say(
        ctx.publicLabel,
        `Thank you, Commissioners. We've worked with staff on the materials, real wood siding at the entry, a metal canopy, and we're happy to talk about the side elevation.`,
      ),
      say(c, `Let's talk about it. ${quote}`),
      say(
        ctx.publicLabel,
        `We can add display windows along the first 120 feet and a mural panel beyond that. Interior shelving limits glass further back.`,
      ),
      say(
        a,
        `I'd like to see more trees in the parking field. Staff's condition says one tree per eight stalls; I'd ask for one per six.`,
      ),
      say(planner, `Staff is comfortable with one per six. It's consistent with the updated guidelines.`),
      ...vote.lines,
    ];
    return {
      title: `design review for the ${chain} grocery store`,
      lines,
      brief: `approved the design of a ${chain} grocery store with added windows and trees`,
      summary: `The commission approved, ${vote.tally}, the design of a ${num(sqft)}-square-foot ${chain} at ${places.arterial} and ${places.mainStreet}, conditioned on storefront windows along the street and one parking-lot tree per six stalls.`,
      highlights: [{ quote, point: `${c.ref} objected to a blank wall facing the street.` }],
      actions: [
        {
          description: "Revise the street elevation with display windows and a mural panel",
          responsible_party: chain,
          due_date: null,
        },
      ],
      entities: [{ name: chain, type: "organization", context: "Grocery store applicant" }],
      story: {
        headline: `Grocery store design approved with changes`,
        lead: `The planning commission approved a grocery store design.`,
        paragraphs: [`It has ${stalls} parking stalls.`],
        quickFacts: [`Size: ${num(sqft)} square feet`],
        background: `The use is permitted by right.`,
        primaryFocus: "Land use",
        followUpNeeded: false,
      },
    };
  },
};

export const schoolStartTimes: AgendaItem = {
  id: "later-school-start-times",
  bodies: ["school"],
  build(ctx) {
    const { rng, a, b, c, d, chair } = ctx;
    const exec = ctx.exec;
    const busCost = amount(rng, 180_000, 340_000, 1_000);
    const minutes = rng.pick([35, 40, 50]);
    const quote = `Teenagers aren't lazy, their body clocks shift, and we're asking them to do algebra at 7:30 in the morning.`;
    const parent = ctx.residentName();
    const vote = ctx.vote({
      mover: b,
      seconder: c,
      motion: `I'll move to adopt the revised bell schedule for the high school and middle school beginning next fall.`,
      noes: rng.chance(0.5) ? [d] : [],
    });
    const lines: Line[] = [
      say(
        exec,
        `Thank you, ${chair.address}. Tonight we're asking the board to approve moving the high school and middle school start times later by ${minutes} minutes, beginning next fall. ${quote}`,
      ),
      say(
        exec,
        `The change requires adding two bus routes so elementary, middle and high school runs don't overlap, at about ${usd(busCost)} a year. Athletics would adjust practice times, and we've met with the league about early-release days for away games.`,
      ),
      say(chair, `Public comment. ${parent}.`),
      say(
        ctx.publicLabel,
        `I have a sophomore and a kid at the middle school. I support this, but my work starts at eight, and I need to know whether the before-school program will be extended.`,
      ),
      say(exec, `It will. The before-school program at the middle school will open at 7:15 with the same fee.`),
      say(d, `I'm concerned about the cost with our budget where it is.`),
      say(a, `I'd ask for a report on attendance and tardies after the first semester.`),
      ...vote.lines,
    ];
    return {
      title: `later start times for the middle and high schools`,
      lines,
      brief: `moved middle and high school start times ${minutes} minutes later`,
      summary: `The board voted ${vote.tally} to start the middle and high schools ${minutes} minutes later from next fall, adding two bus routes at about ${usd(busCost)} a year and extending the before-school program.`,
      highlights: [{ quote, point: `${exec.ref} cited adolescent sleep research.` }],
      actions: [
        {
          description: "Report on attendance and tardies after the first semester",
          responsible_party: exec.title,
          due_date: "End of first semester",
        },
      ],
      entities: [{ name: exec.full, type: "person", context: exec.title }],
      story: {
        headline: `Later bell for middle and high schools`,
        lead: `The board voted ${vote.tally} to move start times later.`,
        paragraphs: [`Buses will cost ${usd(busCost)} more a year.`],
        quickFacts: [`Later by ${minutes} minutes`],
        background: `Two bus routes will be added.`,
        primaryFocus: "Schools",
        followUpNeeded: false,
      },
    };
  },
};

export const transferStation: AgendaItem = {
  id: "transfer-station-fees",
  bodies: ["county"],
  build(ctx) {
    const { rng, a, b, c, d } = ctx;
    const fee = rng.pick([62, 68, 74]);
    const old = fee - rng.pick([6, 8, 9]);
    const tons = rng.int(18, 34) * 1000;
    const quote = `Every time we raise the gate fee, we find more mattresses in the ditches on the forest roads.`;
    const vote = ctx.vote({
      mover: a,
      seconder: c,
      motion: `Move to adopt the fee resolution, with the free clean-up weekends in spring and fall.`,
      noes: rng.chance(0.5) ? [b] : [],
    });
    const roadmaster = ctx.staff("publicWorks");
    const lines: Line[] = [
      say(
        ctx.exec,
        `This resolution sets the gate fee at the county transfer station at $${fee} a ton, up from $${old}, reflecting the new hauling contract to the regional landfill. The station took in about ${num(tons)} tons last year.`,
      ),
      say(
        roadmaster,
        `${quote} I'd ask the board to pair any increase with free clean-up weekends, because my crews spend real time hauling illegal dumping.`,
      ),
      say(d, `How much did we spend on illegal dumping cleanup last year?`),
      say(roadmaster, `About $48,000 in labor and disposal, plus the sheriff's time.`),
      say(b, `I'm not comfortable raising it this much in one year.`),
      ...vote.lines,
    ];
    return {
      title: `transfer station gate fees`,
      lines,
      brief: `raised the transfer station gate fee to $${fee} a ton`,
      summary: `The board voted ${vote.tally} to raise the transfer station gate fee from $${old} to $${fee} a ton with free clean-up weekends in spring and fall, after the roadmaster linked fee increases to illegal dumping.`,
      highlights: [{ quote, point: `${roadmaster.ref} linked higher fees to illegal dumping.` }],
      actions: [
        {
          description: "Schedule spring and fall free clean-up weekends",
          responsible_party: ctx.exec.title,
          due_date: null,
        },
      ],
      entities: [{ name: "County transfer station", type: "place", context: "Solid waste facility" }],
      story: {
        headline: `Transfer station fee rises to $${fee} a ton`,
        lead: `The board raised the gate fee.`,
        paragraphs: [`It was $${old}.`],
        quickFacts: [`Tons last year: ${num(tons)}`],
        background: `Illegal dumping cleanup cost about $48,000.`,
        primaryFocus: "Solid waste",
        followUpNeeded: false,
      },
    };
  },
};
