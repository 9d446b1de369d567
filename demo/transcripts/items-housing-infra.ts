/**
 * Agenda items, part 1: housing, a footbridge, water rates, the police
 * budget, library hours, a park renovation and short-term rentals.
 */
import { amount, num, upcomingFiscalYear, usd, type AgendaItem, type Line, type Person } from "./types";

const say = (speaker: Person | string, text: string, pauseBefore?: number): Line =>
  pauseBefore ? { speaker, text, pauseBefore } : { speaker, text };

export const affordableHousingLoan: AgendaItem = {
  id: "affordable-housing-loan",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const planner = ctx.staff("planning");
    const units = rng.pick([48, 56, 64, 72, 80]);
    const loan = amount(rng, 1_800_000, 3_600_000, 100_000);
    const balance = loan + amount(rng, 900_000, 2_400_000, 100_000);
    const parking = Math.round(units * rng.pick([0.5, 0.6, 0.75]));
    const bikes = units + rng.int(4, 20);
    const waitlist = rng.pick([400, 600, 850, 1100]);
    const developer = rng.pick([
      "Cascadia Community Housing",
      "Sun Corridor Housing Partners",
      "Northwoods Housing Trust",
      "Common Ground Homes",
    ]);
    const project = rng.pick([
      "Maple Row Apartments",
      "Juniper Court",
      "Station Commons",
      "The Landing at " + places.creek,
    ]);
    const address = `${rng.int(12, 98) * 10 + 5} ${places.arterial}`;
    const first = ctx.residentName();
    const second = ctx.residentName();
    const quote = `We have a waiting list of more than ${num(waitlist)} families for the units we already have, and we're arguing about parking spaces.`;
    const teacher = `I still can't afford to live in the district I teach in.`;
    const noes = rng.chance(0.5) ? [a] : [];
    const vote = ctx.vote({
      mover: b,
      seconder: d,
      motion: `I'll move approval of the loan agreement with ${developer} as presented, with the direction ${d.ref} just gave on the traffic analysis.`,
      noes,
    });
    const lines: Line[] = [
      say(
        planner,
        `Thank you, ${chair.address}. Before you tonight is a request from ${developer} for a loan of ${usd(loan)} from the city's affordable housing trust fund for ${project}, a ${units}-unit development at ${address}. All ${units} units would be affordable to households earning between 30 and 60 percent of area median income, with a 55-year affordability covenant recorded on the property.`,
      ),
      say(
        planner,
        `The trust fund currently has a balance of ${usd(balance)}, so approving this would leave roughly ${usd(balance - loan)} for future projects. The loan is at 3 percent simple interest, repaid from residual receipts. The project already has its low-income housing tax credit award, so the city's money is the last piece of the financing. Staff recommends approval.`,
        4,
      ),
      say(chair, `Thank you. Questions from the ${ctx.noun}? ${a.ref}.`),
      say(
        a,
        `Thanks. I want to start with parking. The project has ${parking} spaces for ${units} units. I've already had emails from neighbors who are worried about spillover onto the side streets. How did we land on that ratio?`,
      ),
      say(
        planner,
        `State law limits the parking we can require for a project like this within a half mile of a major transit stop, and this site qualifies. The developer is also providing ${bikes} secure bike spaces and a transit pass for every household for the first five years.`,
      ),
      say(b, `${quote} I'm comfortable with this.`),
      say(
        c,
        `My question is about the covenant. If the developer sells the property in year ten, what happens to the affordability?`,
      ),
      say(
        ctx.counsel,
        `The covenant runs with the land, so any buyer is bound by the same restrictions for the full 55 years. The city also has a right of first refusal if the property is offered for sale.`,
      ),
      say(chair, `All right. I'll open public comment on this item. ${first}, welcome.`),
      say(
        ctx.publicLabel,
        `Good evening. I live two doors down from the site. I'm not against affordable housing, I want to be really clear about that. But the traffic on ${places.arterial} at school pickup is already backed up past the light, and I haven't seen a traffic study anywhere in the packet.`,
      ),
      say(chair, `Thank you. ${second}.`),
      say(
        ctx.publicLabel,
        `Hi, I'm a second grade teacher at ${places.school}. I've been teaching here eleven years and ${teacher} Please approve this.`,
      ),
      say(chair, `Thank you. Seeing no one else, I'll close public comment and bring it back to the ${ctx.noun}.`),
      say(
        d,
        `I'll just say the traffic question is fair. I'd ask staff to bring back the traffic analysis from the environmental review as an information item before the building permit is issued.`,
      ),
      say(
        ctx.exec,
        `We can do that. The traffic memo was part of the environmental document, and we'll bring it back with a short presentation.`,
      ),
      ...(noes.length
        ? [
            say(
              a,
              `I support the project. I'm going to vote no tonight because I think the parking ratio is going to cause real problems on those side streets, and I'd like that on the record.`,
            ),
          ]
        : []),
      ...vote.lines,
    ];
    return {
      title: `a ${usd(loan)} affordable housing trust fund loan for ${project}`,
      lines,
      brief: `approved a ${usd(loan)} loan for the ${units}-unit ${project} affordable housing development`,
      summary: `The ${ctx.noun} approved, ${vote.tally}, a ${usd(loan)} affordable housing trust fund loan to ${developer} for ${project}, a ${units}-unit development at ${address} for households earning 30 to 60 percent of area median income. Neighbors raised parking and traffic concerns, and staff will return with the project's traffic analysis.`,
      highlights: [
        {
          quote,
          point: `${b.ref} pointed to the city's affordable housing waiting list in answer to neighbors' parking concerns.`,
        },
        { quote: teacher, point: `A local teacher described being priced out of the community where she works.` },
      ],
      actions: [
        {
          description: `Execute the loan agreement with ${developer} and record the 55-year affordability covenant for ${project}`,
          responsible_party: "Community Development Department",
          due_date: null,
        },
        {
          description: `Bring back the traffic analysis for ${address} as an information item`,
          responsible_party: "City Manager",
          deadline: "Before the building permit is issued",
        },
      ],
      entities: [
        { name: developer, type: "organization", context: `Developer of ${project}; loan recipient` },
        { name: project, type: "place", context: `${units}-unit affordable housing development at ${address}` },
        { name: usd(loan), type: "money", context: "Loan from the affordable housing trust fund" },
        { name: planner.full, type: "person", context: planner.title },
      ],
      story: {
        headline: `Council approves ${usd(loan)} loan for ${units} affordable apartments on ${places.arterial}`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to lend ${usd(loan)} from the city's affordable housing trust fund to ${developer} for ${project}, a ${units}-unit building at ${address} where every apartment will be reserved for households earning between 30 and 60 percent of area median income.`,
        paragraphs: [
          `The loan carries 3 percent simple interest and will be repaid from the project's residual receipts. A 55-year affordability covenant will be recorded on the property and binds any future owner, ${ctx.counsel.title} ${ctx.counsel.full} told the council.`,
          `Neighbors raised concerns about parking and traffic. The project includes ${parking} parking spaces and ${bikes} secure bike spaces, and every household will receive a transit pass for its first five years. ${d.title} ${d.full} asked staff to bring back the traffic analysis before a building permit is issued.`,
          `After the loan, the trust fund will have roughly ${usd(balance - loan)} left for future projects.`,
        ],
        quickFacts: [
          `Loan: ${usd(loan)} from the affordable housing trust fund`,
          `${units} units, all for households at 30 to 60 percent of area median income`,
          `Affordability covenant: 55 years`,
          `Parking: ${parking} car spaces and ${bikes} bike spaces`,
        ],
        background: `The city's affordable housing trust fund had a balance of ${usd(balance)} before this loan. The project already holds a low-income housing tax credit award.`,
        primaryFocus: "Affordable housing financing",
        followUpNeeded: true,
      },
    };
  },
};

export const footbridgeReplacement: AgendaItem = {
  id: "footbridge-replacement",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const engineer = ctx.staff("engineer");
    const built = rng.pick([1968, 1971, 1974, 1979]);
    const design = amount(rng, 240_000, 480_000, 5_000);
    const construction = amount(rng, 2_600_000, 4_800_000, 100_000);
    const grant = Math.round((construction * 0.8) / 100_000) * 100_000;
    const firm = rng.pick(["Halvorsen Kemp Engineers", "Bridgewater Structural Group", "Tamarack Civil Partners"]);
    const counts = rng.pick([900, 1200, 1450]);
    const quote = `That bridge was built in ${built} for people walking to the mill, and now it carries ${num(counts)} people a day, kids on scooters, strollers, e-bikes.`;
    const caution = `I don't want us to design a beautiful bridge we can't afford to build.`;
    const vote = ctx.vote({
      mover: a,
      seconder: c,
      motion: `Move to award the design contract to ${firm} in the amount of ${usd(design)} and authorize the grant application.`,
    });
    const lines: Line[] = [
      say(
        engineer,
        `Good evening, ${chair.address} and ${ctx.noun}. This item is the design contract for replacing the ${places.trail} footbridge across ${places.creek}. The existing structure was built in ${built}. Our last inspection rated the deck in poor condition, and since March we've had a 3-ton load limit posted, which means our own maintenance trucks can't cross it.`,
      ),
      say(
        engineer,
        `We ran a request for qualifications and received five proposals. The selection panel ranked ${firm} first. Their fee for preliminary design, environmental work and final plans is ${usd(design)}. The current construction estimate is ${usd(construction)}, and staff is also asking for authorization to apply for a state active transportation grant that would cover up to 80 percent of construction, so up to ${usd(grant)}.`,
        5,
      ),
      say(chair, `Thank you. ${a.ref}, you had your light on.`),
      say(a, `${quote} So I'm very glad to see this. What's the timeline if we get the grant?`),
      say(
        engineer,
        `Design takes about fourteen months. Grant awards are announced in the spring. If everything lines up, construction would be the following summer, during the low-flow season, because we can't work in the creek while the fish are running.`,
      ),
      say(b, `And if we don't get the grant?`),
      say(
        ctx.exec,
        `Then we'd come back to you with options. We could phase it, or look at the capital reserve, but I'll be honest, the full construction cost isn't in the five-year plan without outside money.`,
      ),
      say(
        b,
        `${caution} I'll support the design, but I want that to be a clear decision point when the grant results come back.`,
      ),
      say(c, `Can we keep the trail open during construction?`),
      say(
        engineer,
        `We'd plan a detour on the street side for about four months. We'll do outreach to the neighborhood and the school before anything closes.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `the design contract for the ${places.trail} footbridge replacement`,
      lines,
      brief: `awarded a ${usd(design)} design contract for a new ${places.trail} footbridge`,
      summary: `The ${ctx.noun} awarded ${firm} a ${usd(design)} contract to design a replacement for the ${built} ${places.trail} footbridge over ${places.creek}, which has a 3-ton load limit, and authorized a state grant application for up to ${usd(grant)} of the estimated ${usd(construction)} construction cost.`,
      highlights: [
        { quote, point: `${a.ref} described how heavily the aging footbridge is used today.` },
        { quote: caution, point: `${b.ref} asked for a decision point if the construction grant is not awarded.` },
      ],
      actions: [
        { description: `Execute the design contract with ${firm}`, responsible_party: engineer.title, due_date: null },
        {
          description: `Submit the active transportation grant application for construction funding`,
          responsible_party: "Public Works Department",
          due_date: null,
        },
        {
          description: `Return to council with funding options when grant results are announced`,
          responsible_party: "City Manager",
          deadline: "After grant awards in the spring",
        },
      ],
      entities: [
        { name: firm, type: "organization", context: "Design consultant selected for the footbridge" },
        { name: `${places.trail} footbridge`, type: "place", context: `Built in ${built}; deck rated poor` },
        { name: places.creek, type: "place", context: "Waterway the bridge crosses" },
        { name: usd(design), type: "money", context: "Design contract amount" },
      ],
      story: {
        headline: `${places.trail} footbridge moves toward replacement with ${usd(design)} design contract`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to hire ${firm} to design a replacement for the ${places.trail} footbridge over ${places.creek}, a structure built in ${built} that now carries a 3-ton load limit.`,
        paragraphs: [
          `The design contract is worth ${usd(design)}. Construction is currently estimated at ${usd(construction)}, and the council authorized staff to apply for a state active transportation grant that could cover up to 80 percent of that cost.`,
          `${ctx.exec.title} ${ctx.exec.full} said the full construction cost is not in the city's five-year plan without outside money. ${b.title} ${b.full} asked that the grant results be treated as a clear decision point.`,
          `If the grant comes through, construction would happen in a summer low-flow season, with a street-side detour for the trail of about four months.`,
        ],
        quickFacts: [
          `Bridge built: ${built}`,
          `Design contract: ${usd(design)}`,
          `Construction estimate: ${usd(construction)}`,
          `Grant sought: up to 80 percent of construction`,
        ],
        background: `The footbridge's deck was rated in poor condition at its last inspection, and a 3-ton load limit has been posted since March.`,
        primaryFocus: "Trail infrastructure",
        followUpNeeded: true,
      },
    };
  },
};

export const waterRatePlan: AgendaItem = {
  id: "water-rate-plan",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair, date } = ctx;
    const utilities = ctx.staff("utilities");
    const pct = rng.pick([4.5, 5.5, 6, 6.5, 7.25]);
    const bill = rng.pick([68.4, 74.1, 81.25, 92.6]);
    const increase = Math.round(bill * pct) / 100;
    const protests = rng.int(140, 620);
    const parcels = rng.int(9, 22) * 1000 + rng.int(0, 9) * 100;
    const pipe = rng.pick([42, 55, 61]);
    const fy = upcomingFiscalYear(date);
    const quote = `Every year we wait, that pipe gets older and the fix gets more expensive, and the people paying for it are the same people sitting in this room.`;
    const oppose = `I've been on a fixed income for nine years and every bill that comes in the mail goes up.`;
    const noes = rng.chance(0.6) ? [d] : [];
    const vote = ctx.vote({
      mover: c,
      seconder: a,
      motion: `I'll move to adopt the resolution approving the five-year water and sewer rate schedule, including the low-income assistance program.`,
      noes,
      roll: true,
    });
    const speaker = ctx.residentName();
    const lines: Line[] = [
      say(
        chair,
        `This is a public hearing. Before staff begins, ${ctx.clerk.address}, how many written protests have we received?`,
      ),
      say(
        ctx.clerk,
        `As of five o'clock today we have received ${protests} written protests, out of ${num(parcels)} parcels noticed. That is well short of a majority.`,
      ),
      say(
        utilities,
        `Thank you. The rate study recommends an increase of ${pct} percent in each of the next five years, starting July 1 with fiscal year ${fy}. For a typical single-family home, the combined water and sewer bill would go from $${bill.toFixed(2)} a month to about $${(bill + increase).toFixed(2)} in the first year.`,
      ),
      say(
        utilities,
        `The main driver is the capital program. About ${pipe} percent of our water mains are past their design life, and we've had eleven main breaks since January. The plan also funds the treatment plant's filter replacement and keeps our reserve at the 90-day level our bond covenants require.`,
        6,
      ),
      say(
        utilities,
        `We're also proposing a low-income assistance program that would give a 30 percent discount on the base charge to customers enrolled in the state utility assistance program.`,
      ),
      say(chair, `Thank you. I'll open the public hearing. ${speaker}.`),
      say(
        ctx.publicLabel,
        `${oppose} I understand the pipes are old. My house is old too. But you need to find this money somewhere else before you come to us again.`,
      ),
      say(chair, `Thank you for being here. Anyone else? Seeing no one, I'll close the public hearing.`),
      say(
        d,
        `I appreciate the work on this, I really do. But ${pct} percent a year compounded over five years is a lot. I'd like to see a three-year schedule and a check-in.`,
      ),
      say(
        c,
        `I hear that. ${quote} I think the assistance program is the right way to protect people on fixed incomes.`,
      ),
      say(b, `How many customers do we expect to enroll in the discount?`),
      say(
        utilities,
        `We estimate around 700 households in the first year, at a cost of about $95,000 a year, which is built into the rates.`,
      ),
      say(a, `I'd ask that we get an annual report on enrollment, so we know if it's reaching people.`),
      say(ctx.exec, `We'll include it in the budget presentation every spring.`),
      ...vote.lines,
    ];
    return {
      title: `a public hearing on the five-year water and sewer rate plan`,
      lines,
      brief: `approved ${pct} percent annual water and sewer rate increases for five years`,
      summary: `After a public hearing with ${protests} written protests, the ${ctx.noun} voted ${vote.tally} to raise water and sewer rates ${pct} percent a year for five years starting July 1 to replace aging mains and the treatment plant filters, and created a 30 percent low-income discount.`,
      highlights: [
        { quote, point: `${c.ref} argued that delaying pipe replacement only raises the eventual cost to ratepayers.` },
        { quote: oppose, point: `A resident on a fixed income objected to another increase.` },
      ],
      actions: [
        {
          description: `Implement the new water and sewer rate schedule`,
          responsible_party: `Utilities Department`,
          due_date: "July 1",
        },
        {
          description: `Launch the low-income assistance discount program`,
          responsible_party: utilities.title,
          due_date: "July 1",
        },
        {
          description: `Report annually on assistance program enrollment`,
          responsible_party: "City Manager",
          deadline: "Each spring budget presentation",
        },
      ],
      entities: [
        { name: utilities.full, type: "person", context: utilities.title },
        { name: `${pct} percent`, type: "other", context: "Annual rate increase for five years" },
        { name: "Water and sewer rate study", type: "other", context: "Basis for the five-year schedule" },
        { name: places.creek, type: "place", context: "Receiving water for the treatment plant" },
      ],
      story: {
        headline: `Water and sewer bills to rise ${pct} percent a year after council vote`,
        lead: `Water and sewer rates in ${ctx.city.name} will rise ${pct} percent a year for the next five years after the ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday}, following a public hearing at which ${protests} written protests were counted, well short of the majority needed to block the increase.`,
        paragraphs: [
          `For a typical single-family home the combined monthly bill will go from $${bill.toFixed(2)} to about $${(bill + increase).toFixed(2)} in the first year, ${utilities.title} ${utilities.full} said. About ${pipe} percent of the city's water mains are past their design life, and the system has had eleven main breaks since January.`,
          `The plan includes a discount of 30 percent on the base charge for customers enrolled in the state utility assistance program. Staff expect about 700 households to enroll in the first year, at a cost of about $95,000 a year.`,
          `${d.title} ${d.full}${noes.length ? " voted against the plan and" : ""} said ${pct} percent compounded over five years was a lot, and suggested a shorter schedule with a check-in.`,
        ],
        quickFacts: [
          `Increase: ${pct} percent a year for five years, from July 1`,
          `Typical bill: $${bill.toFixed(2)} to about $${(bill + increase).toFixed(2)} a month in year one`,
          `Written protests: ${protests} of ${num(parcels)} parcels`,
          `Low-income discount: 30 percent of the base charge`,
        ],
        background: `The rate study ties the increase to replacing aging water mains, replacing the treatment plant filters and keeping a 90-day reserve required by bond covenants.`,
        primaryFocus: "Utility rates",
        followUpNeeded: false,
      },
    };
  },
};

export const policeBudgetAmendment: AgendaItem = {
  id: "police-budget-amendment",
  bodies: ["council"],
  build(ctx) {
    const { rng, a, b, c, d, chair } = ctx;
    const chief = ctx.staff("police");
    const finance = ctx.staff("finance");
    const officers = rng.pick([2, 3, 4]);
    const perOfficer = amount(rng, 148_000, 176_000, 1_000);
    const total = officers * perOfficer;
    const overtime = amount(rng, 310_000, 520_000, 10_000);
    const calls = rng.int(18, 31) * 1000 + rng.int(1, 9) * 100;
    const response = rng.pick(["7 minutes and 40 seconds", "8 minutes and 15 seconds", "9 minutes and 5 seconds"]);
    const quote = `Adding officers doesn't answer the question of why a sworn officer is the one responding to a mental health call at two in the morning.`;
    const chiefQuote = `Right now we are paying overtime to cover shifts we should be staffing, and my people are tired.`;
    const vote = ctx.vote({
      mover: c,
      seconder: d,
      motion: `I'll move the budget amendment for ${officers} officer positions, with direction to bring back the crisis response pilot at the mid-year review.`,
      noes: [a],
      roll: true,
    });
    const commenter = ctx.residentName();
    const lines: Line[] = [
      say(
        chief,
        `Thank you, ${chair.address}. I'm asking the ${ctx.noun} to fund ${officers} additional patrol officer positions. Last year we handled ${num(calls)} calls for service with the same number of patrol officers we had in 2015. Our average response time to priority one calls is ${response}, and our goal is under six minutes.`,
      ),
      say(
        chief,
        `${chiefQuote} We spent ${usd(overtime)} on patrol overtime last year. Some of that doesn't go away, but a good share of it does if we can staff the minimum on every shift.`,
      ),
      say(
        finance,
        `The fully loaded cost is about ${usd(perOfficer)} per officer per year, including salary, benefits, equipment and training, so ${usd(total)} annually. For the remainder of this year it would be roughly half that, because of hiring and the academy. The amendment funds it from higher than expected sales tax receipts, so no reserves are used this year.`,
        3,
      ),
      say(chair, `Questions. ${a.ref}.`),
      say(
        a,
        `Chief, I appreciate you and your officers, and I want to say that first. But here's my concern. ${quote} I've asked three times for a proposal on a civilian crisis response team and I haven't seen one.`,
      ),
      say(
        chief,
        `That's fair. We've had preliminary conversations with the county behavioral health department. I'd support a pilot. What I can't do is staff it out of the patrol budget we have today.`,
      ),
      say(b, `What is the attrition rate? If we fund positions we can't fill, we haven't fixed anything.`),
      say(
        chief,
        `We have four vacancies right now. Our lateral hiring has picked up since the new contract. I'd expect to fill new positions within about nine months.`,
      ),
      say(chair, `Public comment. ${commenter}.`),
      say(
        ctx.publicLabel,
        `I run the coffee shop on ${ctx.places.mainStreet}. We've had two break-ins this year, and both times it took a long time for anyone to come. I support the officers. I'd also support the crisis team. I don't think it has to be one or the other.`,
      ),
      say(chair, `Thank you. Back to the ${ctx.noun}.`),
      say(
        c,
        `I agree with that speaker. I support the officers tonight, and I want the crisis pilot back at mid-year with a real cost.`,
      ),
      say(
        a,
        `I'll be voting no. Not because I don't support the department, but because this is the third budget in a row where the other half of that sentence gets pushed to later.`,
      ),
      say(d, `I'm holding us to the mid-year date. I'd like that in the motion.`),
      ...vote.lines,
    ];
    return {
      title: `a budget amendment to add ${officers} patrol officer positions`,
      lines,
      brief: `added ${officers} police officer positions at a cost of ${usd(total)} a year`,
      summary: `The ${ctx.noun} voted ${vote.tally} to add ${officers} patrol officer positions at an annual cost of ${usd(total)}, funded from higher sales tax receipts. ${a.ref} voted no, citing the lack of a civilian crisis response proposal, which staff will bring back at the mid-year review.`,
      highlights: [
        { quote: chiefQuote, point: `${chief.ref} said overtime is covering shifts that should be staffed.` },
        { quote, point: `${a.ref} questioned sending sworn officers to mental health calls.` },
      ],
      actions: [
        {
          description: `Recruit and hire ${officers} additional patrol officers`,
          responsible_party: "Police Department",
          due_date: null,
        },
        {
          description: `Bring back a costed civilian crisis response pilot`,
          responsible_party: "City Manager",
          due_date: "Mid-year budget review",
        },
      ],
      entities: [
        { name: chief.full, type: "person", context: chief.title },
        { name: finance.full, type: "person", context: finance.title },
        { name: usd(total), type: "money", context: `Annual cost of ${officers} officer positions` },
        {
          name: "County behavioral health department",
          type: "organization",
          context: "Possible partner for a crisis response pilot",
        },
      ],
      story: {
        headline: `Council adds ${officers} police officers, puts crisis team on the clock`,
        lead: `The ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to add ${officers} patrol officer positions at an annual cost of ${usd(total)}, and told staff to return at the mid-year budget review with a costed pilot for a civilian crisis response team.`,
        paragraphs: [
          `${chief.title} ${chief.full} said the department handled ${num(calls)} calls for service last year with the same number of patrol officers it had in 2015, and that the average response time to the most urgent calls is ${response}. The department spent ${usd(overtime)} on patrol overtime last year.`,
          `${a.title} ${a.full} cast the only no vote, saying it was the third budget in a row in which a crisis response proposal had been put off.`,
          `${finance.title} ${finance.full} said the positions will be paid for from higher than expected sales tax receipts, with no use of reserves this year.`,
        ],
        quickFacts: [
          `New positions: ${officers} patrol officers`,
          `Annual cost: ${usd(total)}`,
          `Calls for service last year: ${num(calls)}`,
          `Patrol overtime last year: ${usd(overtime)}`,
        ],
        background: `The department currently has four vacancies. Council members have asked repeatedly for a civilian crisis response proposal.`,
        primaryFocus: "Public safety budget",
        followUpNeeded: true,
      },
    };
  },
};

export const libraryHours: AgendaItem = {
  id: "library-sunday-hours",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, c, chair } = ctx;
    const librarian = ctx.staff("library");
    const cost = amount(rng, 86_000, 164_000, 1_000);
    const visits = rng.int(11, 19) * 1000;
    const hours = rng.pick([4, 5, 6]);
    const cards = rng.int(2, 5) * 100 + rng.int(10, 90);
    const quote = `On Sunday afternoons the only place in this town with free wifi, air conditioning and a clean bathroom is the parking lot of a fast food restaurant.`;
    const vote = ctx.vote({
      mover: b,
      seconder: c,
      motion: `Move to approve the appropriation and restore Sunday hours at the ${places.library} starting next month.`,
    });
    const lines: Line[] = [
      say(chair, `${librarian.ref}, welcome.`),
      say(
        librarian,
        `Thank you, ${chair.address}. This item would restore Sunday hours at the ${places.library}, which were cut during the 2020 budget reductions. We're proposing ${hours} hours every Sunday, from noon. The annual cost is ${usd(cost)}, which covers two part-time library assistants, a share of a librarian's time, and custodial and utility costs.`,
      ),
      say(
        librarian,
        `Before the cut, we averaged about ${num(visits)} Sunday visits a year. In our survey last fall, Sunday was the most requested change, by a wide margin. And we issued ${cards} new cards at the summer reading kickoff, which tells me the demand is there.`,
      ),
      say(
        a,
        `I've heard about this more than almost anything else at the farmers market. Who actually comes on Sundays?`,
      ),
      say(
        librarian,
        `Families, students with weekend homework, and people who work Monday through Friday and can't get to us any other time. Also people who don't have internet at home. ${quote}`,
      ),
      say(b, `That's a hard thing to hear, and it's true. Where does the money come from?`),
      say(
        ctx.exec,
        `This year it comes from salary savings in the library's budget from two vacancies. Going forward we'd build it into the base budget.`,
      ),
      say(c, `Could we pilot it for a year and look at the numbers before it's permanent?`),
      say(
        librarian,
        `We'd welcome that. We'll track door counts, computer sessions and program attendance and report back.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `restoring Sunday hours at the ${places.library}`,
      lines,
      brief: `restored Sunday hours at the ${places.library} for ${usd(cost)} a year`,
      summary: `The ${ctx.noun} voted ${vote.tally} to restore ${hours} hours of Sunday service at the ${places.library}, cut in 2020, at an annual cost of ${usd(cost)}, funded this year from library salary savings, with a report on usage after the first year.`,
      highlights: [
        { quote, point: `${librarian.ref} described who relies on the library when it is closed on Sundays.` },
      ],
      actions: [
        {
          description: `Restore Sunday hours at the ${places.library}`,
          responsible_party: "Library",
          due_date: "Next month",
        },
        {
          description: `Report on Sunday door counts, computer sessions and program attendance after one year`,
          responsible_party: librarian.title,
          deadline: "One year after reopening",
        },
      ],
      entities: [
        { name: places.library, type: "place", context: "Main library" },
        { name: librarian.full, type: "person", context: librarian.title },
        { name: usd(cost), type: "money", context: "Annual cost of Sunday hours" },
      ],
      story: {
        headline: `${places.library} will open on Sundays again`,
        lead: `The ${places.library} will reopen on Sundays for the first time since 2020 after the ${ctx.bodyName} voted ${vote.tally} on ${ctx.date.weekday} to spend ${usd(cost)} a year on ${hours} hours of Sunday service starting next month.`,
        paragraphs: [
          `${librarian.title} ${librarian.full} said the library averaged about ${num(visits)} Sunday visits a year before the hours were cut during the 2020 budget reductions, and that Sunday hours were the most requested change in last fall's survey.`,
          `This year the cost will be covered by salary savings from two vacancies in the library's budget. The council asked for a report on door counts, computer sessions and program attendance after the first year.`,
        ],
        quickFacts: [
          `Sunday hours: ${hours}, from noon`,
          `Annual cost: ${usd(cost)}`,
          `Sunday visits before the cut: about ${num(visits)} a year`,
        ],
        background: `Sunday hours were cut in the 2020 budget reductions.`,
        primaryFocus: "Library services",
        followUpNeeded: false,
      },
    };
  },
};

export const parkRenovation: AgendaItem = {
  id: "park-playground-renovation",
  bodies: ["council"],
  build(ctx) {
    const { rng, places, a, b, d, chair } = ctx;
    const parks = ctx.staff("parks");
    const bid = amount(rng, 740_000, 1_380_000, 1_000);
    const low = rng.pick([
      "Greenline Builders",
      "Redtail Landscape Construction",
      "Pioneer Park Services",
      "Bluestem Contractors",
    ]);
    const bidders = rng.int(3, 7);
    const grant = amount(rng, 300_000, 600_000, 10_000);
    const contingency = Math.round((bid * 0.1) / 1000) * 1000;
    const quote = `My daughter uses a wheelchair, and there is not one playground in this city she can get to the middle of.`;
    const vote = ctx.vote({
      mover: d,
      seconder: a,
      motion: `I'll move to award the construction contract to ${low} in the amount of ${usd(bid)}, with a 10 percent contingency.`,
    });
    const parent = ctx.residentName();
    const lines: Line[] = [
      say(
        parks,
        `Thank you. This is the construction award for the ${places.park} playground renovation. The existing equipment is from 1996 and has been partly closed since last year because of cracked structural posts. The new design was shaped by three community workshops, and it's an inclusive playground: rubberized surfacing, ramps onto the main structure, a wheelchair-accessible merry-go-round, and shade structures.`,
      ),
      say(
        parks,
        `We received ${bidders} bids. The low bidder is ${low} at ${usd(bid)}. We're requesting a 10 percent contingency, ${usd(contingency)}. Funding comes from park impact fees and a ${usd(grant)} state parks grant we were awarded in the spring.`,
      ),
      say(chair, `I have one speaker card. ${parent}.`),
      say(
        ctx.publicLabel,
        `Thank you for letting me speak. ${quote} She's eight. She watches her brother from the edge of the wood chips. I came to all three of the workshops and I just want to say thank you for listening.`,
      ),
      say(chair, `Thank you. That means a lot to hear.`),
      say(b, `When does construction start and how long will the park be closed?`),
      say(
        parks,
        `We'd start in about six weeks. The playground area would be fenced for around five months. The rest of the park, the fields and the picnic area, stay open.`,
      ),
      say(a, `Are the restrooms included? Because the restrooms at ${places.park} are the number one complaint I get.`),
      say(
        parks,
        `They're not in this contract. The restroom replacement is in next year's capital plan as a separate project.`,
      ),
      ...vote.lines,
    ];
    return {
      title: `the construction contract for the ${places.park} inclusive playground`,
      lines,
      brief: `awarded a ${usd(bid)} contract to rebuild the ${places.park} playground`,
      summary: `The ${ctx.noun} voted ${vote.tally} to award a ${usd(bid)} contract to ${low} for an inclusive playground at ${places.park}, replacing 1996 equipment, funded by park impact fees and a ${usd(grant)} state grant. Construction starts in about six weeks and the playground will be fenced for about five months.`,
      highlights: [{ quote, point: "A parent described why an accessible playground matters to her family." }],
      actions: [
        {
          description: `Execute the construction contract with ${low}`,
          responsible_party: "Parks and Recreation Department",
          due_date: null,
        },
        {
          description: `Include the ${places.park} restroom replacement in next year's capital plan`,
          responsible_party: "City Manager",
          due_date: "Next budget cycle",
        },
      ],
      entities: [
        { name: low, type: "organization", context: "Low bidder and contractor" },
        { name: places.park, type: "place", context: "Site of the playground renovation" },
        { name: usd(bid), type: "money", context: "Construction contract" },
        { name: usd(grant), type: "money", context: "State parks grant" },
      ],
      story: {
        headline: `${places.park} to get an inclusive playground after ${usd(bid)} contract award`,
        lead: `Children who use wheelchairs will be able to reach the middle of the playground at ${places.park} once a ${usd(bid)} renovation approved ${vote.tally} by the ${ctx.bodyName} on ${ctx.date.weekday} is finished.`,
        paragraphs: [
          `The contract went to ${low}, the lowest of ${bidders} bidders. The design, shaped by three community workshops, includes rubberized surfacing, ramps onto the main structure, an accessible merry-go-round and shade structures. It replaces equipment from 1996 that has been partly closed since last year because of cracked posts.`,
          `The project is funded by park impact fees and a ${usd(grant)} state parks grant. Work is expected to start in about six weeks, with the playground fenced off for around five months.`,
        ],
        quickFacts: [
          `Contract: ${usd(bid)} plus a 10 percent contingency`,
          `Bids received: ${bidders}`,
          `State grant: ${usd(grant)}`,
          `Old equipment installed: 1996`,
        ],
        background: `The playground design came out of three community workshops. Restroom replacement at the park is a separate project in next year's capital plan.`,
        primaryFocus: "Parks",
        followUpNeeded: false,
      },
    };
  },
};

export const shortTermRentals: AgendaItem = {
  id: "short-term-rental-ordinance",
  bodies: ["council", "planning"],
  build(ctx) {
    const { rng, places, a, b, c, d, chair } = ctx;
    const planner = ctx.staff("planning");
    const listings = rng.int(180, 460);
    const cap = rng.pick([150, 200, 250]);
    const fee = rng.pick([350, 425, 500]);
    const tax = rng.pick([8, 10, 12]);
    const planning = ctx.roster.kind === "planning";
    const quote = `Three houses on my block are empty eleven months a year except for weekends, and the school just closed a kindergarten class.`;
    const host = `This rental is how I afford to keep my mother's house instead of selling it.`;
    const vote = ctx.vote({
      mover: c,
      seconder: b,
      motion: planning
        ? `I'll move that we recommend the ordinance to the City Council with the cap of ${cap} permits and the primary-residence exception.`
        : `Move to introduce the ordinance and waive the full reading, with the cap of ${cap} permits.`,
      noes: rng.chance(0.5) ? [d] : [],
    });
    const first = ctx.residentName();
    const second = ctx.residentName();
    const lines: Line[] = [
      say(
        planner,
        `Thank you. Our monitoring service currently finds ${listings} active short-term rental listings in the city. Most are whole-home rentals, and about a third are owned by people with more than one listing. The draft ordinance would require an annual permit with a fee of $${fee}, a local contact who can respond within one hour, a limit on occupancy, and a cap of ${cap} permits for non-owner-occupied homes.`,
      ),
      say(
        planner,
        `Homes where the owner lives on the property, renting a room or a unit, would not count against the cap. The draft also sets the transient occupancy tax at ${tax} percent, the same as hotels.`,
      ),
      say(
        chair,
        `Thank you. Let's go to public comment first, I know we have a number of people here on this one. ${first}.`,
      ),
      say(
        ctx.publicLabel,
        `I live in ${places.neighborhood}. ${quote} I'm not against visitors. I'm against turning neighborhoods into hotels.`,
      ),
      say(chair, `Thank you. ${second}.`),
      say(
        ctx.publicLabel,
        `Good evening. I'm a host, I have one rental. ${host} I follow every rule. Please don't punish the small hosts for the investors.`,
      ),
      say(chair, `Thank you both. Back to the ${ctx.noun}.`),
      say(a, `How does the cap work for the people who already operate? Is there a waiting list?`),
      say(
        planner,
        `Existing operators who register within 90 days and are in good standing with the tax would be first in line. If there are more applicants than permits, the rest go to a waiting list in order of application.`,
      ),
      say(
        d,
        `I'm worried the cap is too low. If it's ${cap} and we have ${listings} listings today, we're putting a lot of people out of business overnight.`,
      ),
      say(b, `Some of those listings are the same owner with five or six homes. I think the cap is right.`),
      say(c, `And the primary-residence exception protects the kind of host we just heard from.`),
      ...vote.lines,
    ];
    return {
      title: `the short-term rental ordinance`,
      lines,
      brief: planning
        ? `recommended a short-term rental ordinance with a cap of ${cap} permits`
        : `introduced a short-term rental ordinance capping non-owner-occupied permits at ${cap}`,
      summary: planning
        ? `The ${ctx.noun} voted ${vote.tally} to recommend a short-term rental ordinance with annual $${fee} permits, a cap of ${cap} non-owner-occupied permits and a ${tax} percent occupancy tax; owner-occupied rentals are exempt from the cap.`
        : `The ${ctx.noun} introduced, ${vote.tally}, a short-term rental ordinance requiring annual $${fee} permits, capping non-owner-occupied permits at ${cap} against ${listings} current listings, and setting a ${tax} percent occupancy tax; owner-occupied rentals are exempt from the cap.`,
      highlights: [
        { quote, point: "A resident tied vacant rentals to falling school enrollment." },
        { quote: host, point: "A small host asked not to be treated like investors with many listings." },
      ],
      actions: [
        planning
          ? {
              description: "Forward the recommended ordinance to the City Council",
              responsible_party: planner.title,
              due_date: null,
            }
          : {
              description: "Bring the ordinance back for second reading and adoption",
              responsible_party: "City Clerk",
              due_date: "Next regular meeting",
            },
        {
          description: "Open registration for existing operators",
          responsible_party: "Community Development Department",
          deadline: "Within 90 days of the ordinance taking effect",
        },
      ],
      entities: [
        { name: planner.full, type: "person", context: planner.title },
        { name: places.neighborhood, type: "place", context: "Neighborhood cited in public comment" },
        { name: `${cap} permits`, type: "other", context: "Cap on non-owner-occupied short-term rentals" },
      ],
      story: {
        headline: `Short-term rentals face a cap of ${cap} permits under new ordinance`,
        lead: `${ctx.city.name} took a step toward limiting whole-home vacation rentals on ${ctx.date.weekday} when the ${ctx.bodyName} voted ${vote.tally} to ${planning ? "recommend" : "introduce"} an ordinance capping non-owner-occupied short-term rental permits at ${cap}. The city's monitoring service currently counts ${listings} active listings.`,
        paragraphs: [
          `Hosts would need an annual permit costing $${fee} and a local contact who can respond within one hour. Rentals in homes where the owner lives on site would not count against the cap, and the transient occupancy tax would be set at ${tax} percent, the same as hotels.`,
          `Existing operators who register within 90 days and are current on their taxes would be first in line for permits, with the rest placed on a waiting list.`,
        ],
        quickFacts: [
          `Current listings: ${listings}`,
          `Permit cap: ${cap}`,
          `Annual permit fee: $${fee}`,
          `Occupancy tax: ${tax} percent`,
        ],
        background: `About a third of current listings belong to owners with more than one listing, according to staff.`,
        primaryFocus: "Housing and neighborhoods",
        followUpNeeded: true,
      },
    };
  },
};
