/**
 * Every sample record of the prototype pages, in one typed module (spec:
 * docs/product.md "Sample prototype business"). Nothing here is stored or fetched:
 * the pages render these constants (docs/decisions/0037-prototype-pages.md).
 * The town, its people and its businesses are fictional (Oakdale).
 */

export const SAMPLE_TOWN = "Oakdale";
/** The issue the timeline opens on (docs/product.md). */
export const DEFAULT_ISSUE_KEY = "oakdale-creek-development";

export const ENTITY_TYPES = ["city", "school", "county"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_LABELS: Record<EntityType, string> = { city: "City", school: "School", county: "County" };

// ---- Sample records (field names as the spec gives them) -------------------

export type SampleQuote = {
  quote_id: string;
  speaker_name: string;
  speaker_title: string;
  entity_name: string;
  meeting_date: string;
  quote_text: string;
  context: string;
  video_timestamp: string;
  verification_status: "verified" | "pending";
};

export type TimelineItem = {
  id: string;
  entity_type: EntityType;
  entity_name: string;
  meeting_date: string;
  title: string;
  summary: string;
  importance_level: "high" | "medium";
  key_quotes: string[];
};

export type SampleSearchResult = {
  id: string;
  title: string;
  snippet: string;
  entity_type: EntityType;
  date: string;
  speaker: string;
  relevance_score: number;
};

export type AiSummary = {
  title: string;
  current_status: string;
  key_developments: { date: string; entity: string; summary: string }[];
  next_steps: string[];
  /** 0–1; pages show it as text (confidenceLabel). */
  confidence_score: number;
  sources: { entity: string; date: string }[];
};

/** A dashboard alert (the spec names the tab only; this shape is ours). */
export type SampleAlert = {
  id: string;
  title: string;
  entity_type: EntityType;
  entity_name: string;
  date: string;
  summary: string;
};

export type SampleIssue = { key: string; title: string; description: string };

const CITY = "Oakdale City Council";
const SCHOOL = "Oakdale Unified School Board";
const COUNTY = "Bramble County Board of Supervisors";

export const SAMPLE_ISSUES: readonly SampleIssue[] = [
  {
    key: DEFAULT_ISSUE_KEY,
    title: "Oakdale Creek Development",
    description: "A 240-home project on the former orchard along Oakdale Creek, followed across three public bodies.",
  },
];

const OAKDALE_CREEK_TIMELINE: readonly TimelineItem[] = [
  {
    id: "t01",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-03-03",
    title: "Developer presents the Oakdale Creek concept",
    summary: "Creekside Partners showed a 240-home plan with a riparian buffer and asked for a general plan amendment.",
    importance_level: "medium",
    key_quotes: ["We are proposing a fifty-foot buffer along the whole creek."],
  },
  {
    id: "t02",
    entity_type: "county",
    entity_name: COUNTY,
    meeting_date: "2026-03-17",
    title: "County flags flood-plain review",
    summary: "Supervisors asked county flood control to review the creek crossing before any city vote.",
    importance_level: "high",
    key_quotes: ["No permit should move until flood control has signed off."],
  },
  {
    id: "t03",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-04-07",
    title: "Planning commission schedules environmental scoping",
    summary: "The council directed staff to hold two public scoping sessions for the environmental impact report.",
    importance_level: "medium",
    key_quotes: ["Residents deserve two evenings, not one, to be heard."],
  },
  {
    id: "t04",
    entity_type: "school",
    entity_name: SCHOOL,
    meeting_date: "2026-04-14",
    title: "School board weighs enrollment impact",
    summary: "Staff estimated 110 new students; Creek Elementary is already at 96 percent capacity.",
    importance_level: "high",
    key_quotes: ["Creek Elementary cannot absorb a hundred more children without portables."],
  },
  {
    id: "t05",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-05-05",
    title: "Traffic study released",
    summary: "The study projects 1,900 added daily trips on Mill Road and recommends a signal at Creek Lane.",
    importance_level: "medium",
    key_quotes: ["Mill Road will need a signal before the first certificate of occupancy."],
  },
  {
    id: "t06",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-05-19",
    title: "Residents fill council chambers",
    summary: "Forty-two speakers addressed the council; most asked for a larger creek buffer and fewer homes.",
    importance_level: "high",
    key_quotes: ["My family has fished that creek for three generations."],
  },
  {
    id: "t07",
    entity_type: "school",
    entity_name: SCHOOL,
    meeting_date: "2026-06-09",
    title: "Developer fee agreement discussed",
    summary: "The board opened talks on a voluntary fee of $3.2 million toward a new classroom wing.",
    importance_level: "medium",
    key_quotes: ["A fee agreement is the only way we keep class sizes where they are."],
  },
  {
    id: "t08",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-06-16",
    title: "Draft environmental report published",
    summary: "The draft report finds significant but mitigable impacts on creek habitat and traffic.",
    importance_level: "high",
    key_quotes: ["Every impact in this report has a mitigation, and every mitigation has a cost."],
  },
  {
    id: "t09",
    entity_type: "county",
    entity_name: COUNTY,
    meeting_date: "2026-07-14",
    title: "Flood control review returned",
    summary: "County engineers asked for a wider culvert at the creek crossing and a detention basin.",
    importance_level: "high",
    key_quotes: ["The culvert as drawn fails a hundred-year storm."],
  },
  {
    id: "t10",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-08-04",
    title: "Revised plan cuts 30 homes",
    summary: "Creekside Partners reduced the plan to 210 homes and widened the buffer to 75 feet.",
    importance_level: "high",
    key_quotes: ["We heard the community, and the creek buffer is now seventy-five feet."],
  },
  {
    id: "t11",
    entity_type: "school",
    entity_name: SCHOOL,
    meeting_date: "2026-08-25",
    title: "Fee agreement approved",
    summary: "The board approved the $3.2 million agreement on a 4–1 vote, conditioned on the city's approval.",
    importance_level: "medium",
    key_quotes: ["This vote protects our classrooms whatever the council decides."],
  },
  {
    id: "t12",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-09-15",
    title: "Planning commission recommends approval",
    summary: "The commission voted 5–2 to recommend the revised plan with 14 conditions.",
    importance_level: "high",
    key_quotes: ["Fourteen conditions is a lot, and every one of them matters."],
  },
  {
    id: "t13",
    entity_type: "city",
    entity_name: CITY,
    meeting_date: "2026-10-06",
    title: "Council sets the final hearing",
    summary: "The council scheduled its final public hearing and vote for November 17.",
    importance_level: "medium",
    key_quotes: ["The seventeenth is the night this gets decided."],
  },
];

/** Timelines by issue key; the prototype has one issue. */
export const SAMPLE_TIMELINES: Readonly<Record<string, readonly TimelineItem[]>> = {
  [DEFAULT_ISSUE_KEY]: OAKDALE_CREEK_TIMELINE,
};

export const SAMPLE_QUOTES: readonly SampleQuote[] = [
  {
    quote_id: "q1",
    speaker_name: "Maria Delgado",
    speaker_title: "Mayor",
    entity_name: CITY,
    meeting_date: "2026-10-06",
    quote_text: "The seventeenth is the night this gets decided.",
    context: "Closing the item that set the final hearing on the Oakdale Creek project.",
    video_timestamp: "1:42:10",
    verification_status: "verified",
  },
  {
    quote_id: "q2",
    speaker_name: "Dr. Alan Whitfield",
    speaker_title: "Superintendent",
    entity_name: SCHOOL,
    meeting_date: "2026-04-14",
    quote_text: "Creek Elementary cannot absorb a hundred more children without portables.",
    context: "Presenting the enrollment estimate for the proposed 240 homes.",
    video_timestamp: "0:37:45",
    verification_status: "verified",
  },
  {
    quote_id: "q3",
    speaker_name: "Janet Okafor",
    speaker_title: "Supervisor, District 2",
    entity_name: COUNTY,
    meeting_date: "2026-07-14",
    quote_text: "The culvert as drawn fails a hundred-year storm.",
    context: "Summarizing the flood control review of the creek crossing.",
    video_timestamp: "2:05:31",
    verification_status: "verified",
  },
  {
    quote_id: "q4",
    speaker_name: "Tom Reyes",
    speaker_title: "Council Member",
    entity_name: CITY,
    meeting_date: "2026-09-15",
    quote_text: "Fourteen conditions is a lot, and every one of them matters.",
    context: "Speaking at the planning commission's recommendation vote.",
    video_timestamp: "1:12:08",
    verification_status: "pending",
  },
  {
    quote_id: "q5",
    speaker_name: "Priya Raman",
    speaker_title: "Project Manager, Creekside Partners",
    entity_name: CITY,
    meeting_date: "2026-08-04",
    quote_text: "We heard the community, and the creek buffer is now seventy-five feet.",
    context: "Presenting the revised plan with 210 homes.",
    video_timestamp: "0:18:52",
    verification_status: "verified",
  },
];

export const SAMPLE_ALERTS: readonly SampleAlert[] = [
  {
    id: "a1",
    title: "Final hearing set for November 17",
    entity_type: "city",
    entity_name: CITY,
    date: "2026-10-06",
    summary: "The council will hold its final hearing and vote on the Oakdale Creek project.",
  },
  {
    id: "a2",
    title: "Planning commission recommends approval, 5–2",
    entity_type: "city",
    entity_name: CITY,
    date: "2026-09-15",
    summary: "Fourteen conditions attached, including the Mill Road signal and the 75-foot creek buffer.",
  },
  {
    id: "a3",
    title: "School fee agreement approved",
    entity_type: "school",
    entity_name: SCHOOL,
    date: "2026-08-25",
    summary: "$3.2 million toward a classroom wing, conditioned on the council's approval.",
  },
];

export const SAMPLE_SEARCH_QUERY = "Oakdale Creek development";

export const SAMPLE_SEARCH_RESULTS: readonly SampleSearchResult[] = [
  {
    id: "s1",
    title: "City Council: final hearing scheduled",
    snippet: "The council scheduled its final public hearing on the Oakdale Creek development for November 17.",
    entity_type: "city",
    date: "2026-10-06",
    speaker: "Maria Delgado",
    relevance_score: 0.94,
  },
  {
    id: "s2",
    title: "Planning commission recommends the revised plan",
    snippet: "Commissioners voted 5–2 to recommend the 210-home Oakdale Creek plan with 14 conditions.",
    entity_type: "city",
    date: "2026-09-15",
    speaker: "Tom Reyes",
    relevance_score: 0.89,
  },
  {
    id: "s3",
    title: "School board approves developer fee agreement",
    snippet: "A $3.2 million fee from the Oakdale Creek developer will fund a classroom wing at Creek Elementary.",
    entity_type: "school",
    date: "2026-08-25",
    speaker: "Dr. Alan Whitfield",
    relevance_score: 0.81,
  },
  {
    id: "s4",
    title: "County flood control asks for a wider culvert",
    snippet: "Engineers found the creek crossing as drawn fails a hundred-year storm.",
    entity_type: "county",
    date: "2026-07-14",
    speaker: "Janet Okafor",
    relevance_score: 0.77,
  },
];

export const SAMPLE_AI_SUMMARY: AiSummary = {
  title: "Oakdale Creek Development",
  current_status:
    "The revised 210-home plan goes to a final City Council hearing and vote on November 17, with the planning commission's recommendation and 14 conditions.",
  key_developments: [
    {
      date: "2026-08-04",
      entity: CITY,
      summary: "The developer cut the plan from 240 to 210 homes and widened the creek buffer to 75 feet.",
    },
    {
      date: "2026-08-25",
      entity: SCHOOL,
      summary: "The school board approved a $3.2 million fee agreement for a classroom wing.",
    },
    {
      date: "2026-09-15",
      entity: CITY,
      summary: "The planning commission recommended approval, 5–2, with 14 conditions.",
    },
  ],
  next_steps: [
    "Final City Council hearing and vote on November 17.",
    "County flood control sign-off on the redesigned culvert.",
    "The school fee agreement takes effect if the council approves.",
  ],
  confidence_score: 0.92,
  sources: [
    { entity: CITY, date: "2026-10-06" },
    { entity: CITY, date: "2026-09-15" },
    { entity: SCHOOL, date: "2026-08-25" },
    { entity: COUNTY, date: "2026-07-14" },
  ],
};

/** Days left in the dashboard's professional trial (docs/product.md). */
export const TRIAL_DAYS_LEFT = 23;

/** The dashboard's feedback choices, in the spec's words, with what the page shows. */
export const FEEDBACK_OPTIONS = [
  { value: "helpful", label: "Helpful" },
  { value: "not-helpful", label: "Not helpful" },
  { value: "more-detail", label: "More detail" },
] as const;
export type FeedbackOption = (typeof FEEDBACK_OPTIONS)[number]["value"];

// ---- Sample prototype businesses (docs/product.md) ------

export type SampleTier = "Tier 1" | "Tier 2" | "Tier 3";

export type SampleBusiness = {
  name: string;
  tagline: string;
  owner: string;
  category: string;
  yearEstablished: number;
  address: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  services: string[];
  /** An emoji. */
  logo: string;
  /** An emoji. */
  photo: string;
  tier: SampleTier;
};

export const SAMPLE_BUSINESSES: readonly SampleBusiness[] = [
  {
    name: "Oakdale Creek Bakery",
    tagline: "Sourdough since sunrise",
    owner: "Hannah Lindqvist",
    category: "Food & Drink",
    yearEstablished: 2009,
    address: "214 Main Street, Oakdale",
    phone: "(555) 010-4410",
    email: "hello@oakdalecreekbakery.example",
    website: "oakdalecreekbakery.example",
    description: "A family bakery baking sourdough, pastries and celebration cakes every morning from local flour.",
    services: ["Sourdough bread", "Pastries", "Custom cakes", "Catering", "Wholesale", "Baking classes"],
    logo: "🥐",
    photo: "🍞",
    tier: "Tier 3",
  },
  {
    name: "Riverside Dental Care",
    tagline: "Gentle care for every smile",
    owner: "Dr. Samuel Osei",
    category: "Health",
    yearEstablished: 2014,
    address: "88 River Road, Oakdale",
    phone: "(555) 010-2291",
    email: "front.desk@riversidedental.example",
    website: "riversidedental.example",
    description: "General and family dentistry with evening hours, same-day emergencies and a kids' corner.",
    services: ["Checkups", "Cleanings", "Fillings", "Whitening", "Emergency care", "Children's dentistry"],
    logo: "🦷",
    photo: "😁",
    tier: "Tier 3",
  },
  {
    name: "Maple Street Hardware",
    tagline: "Keys cut while you wait",
    owner: "Dale Peterson",
    category: "Home & Garden",
    yearEstablished: 1987,
    address: "5 Maple Street, Oakdale",
    phone: "(555) 010-7734",
    email: "shop@maplestreethardware.example",
    website: "maplestreethardware.example",
    description: "Tools, paint, plumbing and garden supplies, with advice from people who have done the job.",
    services: ["Key cutting", "Paint mixing", "Tool rental", "Screen repair", "Propane refills"],
    logo: "🔨",
    photo: "🧰",
    tier: "Tier 3",
  },
  {
    name: "Blue Heron Yoga",
    tagline: "Breathe, stretch, belong",
    owner: "Keiko Tanaka",
    category: "Health",
    yearEstablished: 2018,
    address: "301 Creek Lane, Oakdale",
    phone: "(555) 010-5120",
    email: "namaste@blueheronyoga.example",
    website: "blueheronyoga.example",
    description: "Classes for every level in a light-filled studio by the creek, plus prenatal and senior yoga.",
    services: ["Vinyasa", "Yin", "Prenatal yoga", "Senior chair yoga", "Private sessions"],
    logo: "🧘",
    photo: "🌿",
    tier: "Tier 2",
  },
  {
    name: "Golden Spoon Diner",
    tagline: "Breakfast all day",
    owner: "Luis and Ana Moreno",
    category: "Food & Drink",
    yearEstablished: 1995,
    address: "12 Mill Road, Oakdale",
    phone: "(555) 010-3368",
    email: "eat@goldenspoondiner.example",
    website: "goldenspoondiner.example",
    description: "A classic diner with pancakes, burgers and pie, open from six in the morning.",
    services: ["Breakfast", "Lunch", "Takeout", "Pies to order", "Private room"],
    logo: "🥄",
    photo: "🥞",
    tier: "Tier 2",
  },
  {
    name: "Pinecrest Auto Repair",
    tagline: "Honest work, fair prices",
    owner: "Marcus Bell",
    category: "Automotive",
    yearEstablished: 2003,
    address: "760 Industrial Way, Oakdale",
    phone: "(555) 010-8802",
    email: "service@pinecrestauto.example",
    website: "pinecrestauto.example",
    description: "Certified mechanics for domestic and import cars, with free estimates and a shuttle to town.",
    services: ["Oil changes", "Brakes", "Diagnostics", "Tires", "Smog checks", "Shuttle service"],
    logo: "🔧",
    photo: "🚗",
    tier: "Tier 2",
  },
  {
    name: "Willow Books",
    tagline: "New, used and rare",
    owner: "Ruth Abernathy",
    category: "Retail",
    yearEstablished: 2011,
    address: "40 Main Street, Oakdale",
    phone: "(555) 010-1187",
    email: "read@willowbooks.example",
    website: "willowbooks.example",
    description: "An independent bookshop with a children's nook, book clubs and special orders within two days.",
    services: ["Special orders", "Book clubs", "Story time", "Used book trade"],
    logo: "📚",
    photo: "📖",
    tier: "Tier 2",
  },
  {
    name: "Creekside Florist",
    tagline: "Fresh from the valley",
    owner: "Isabel Fontaine",
    category: "Retail",
    yearEstablished: 2016,
    address: "19 Orchard Avenue, Oakdale",
    phone: "(555) 010-6643",
    email: "flowers@creeksideflorist.example",
    website: "creeksideflorist.example",
    description: "Bouquets and arrangements from local growers, delivered across Oakdale.",
    services: ["Bouquets", "Weddings", "Delivery"],
    logo: "💐",
    photo: "🌷",
    tier: "Tier 1",
  },
  {
    name: "Oakdale Paws Grooming",
    tagline: "Clean pets, happy owners",
    owner: "Jordan Kim",
    category: "Pets",
    yearEstablished: 2020,
    address: "233 Mill Road, Oakdale",
    phone: "(555) 010-9045",
    email: "woof@oakdalepaws.example",
    website: "oakdalepaws.example",
    description: "Grooming for dogs and cats of every size, by appointment.",
    services: ["Baths", "Haircuts", "Nail trims"],
    logo: "🐾",
    photo: "🐕",
    tier: "Tier 1",
  },
  {
    name: "Summit Tax & Bookkeeping",
    tagline: "Numbers you can trust",
    owner: "Evelyn Grant, CPA",
    category: "Professional Services",
    yearEstablished: 2007,
    address: "118 Center Street, Suite 4, Oakdale",
    phone: "(555) 010-2756",
    email: "office@summittax.example",
    website: "summittax.example",
    description: "Tax returns and monthly bookkeeping for households and small businesses.",
    services: ["Tax preparation", "Bookkeeping", "Payroll"],
    logo: "🧮",
    photo: "📊",
    tier: "Tier 1",
  },
  {
    name: "3 Sisters Coffee",
    tagline: "Roasted on Main",
    owner: "The Alvarez sisters",
    category: "Food & Drink",
    yearEstablished: 2021,
    address: "2 Main Street, Oakdale",
    phone: "(555) 010-3030",
    email: "hola@3sisterscoffee.example",
    website: "3sisterscoffee.example",
    description: "Small-batch coffee roasted in the shop, with pastries from Oakdale Creek Bakery.",
    services: ["Espresso bar", "Beans to go", "Cold brew"],
    logo: "☕",
    photo: "🫘",
    tier: "Tier 1",
  },
];

/**
 * The tier preview's line under the sample card (docs/product.md: '147 more local businesses').
 */
export const MORE_LOCAL_BUSINESSES = 147;

// ---- Plans and prices (docs/product.md; not live) --------

/** How a sample tier is presented: Tier 1 basic, Tier 2 enhanced, Tier 3 premium (section 4). */
export type Presentation = "basic" | "enhanced" | "premium";

export const PRESENTATION_OF_TIER: Record<SampleTier, Presentation> = {
  "Tier 1": "basic",
  "Tier 2": "enhanced",
  "Tier 3": "premium",
};

/** The tier preview's toggles and prices: Basic $29, Featured $79, Premium $149 a month. */
export const TIER_PREVIEW_PLANS = [
  { presentation: "basic", label: "Basic", price: "$29/month" },
  { presentation: "enhanced", label: "Featured", price: "$79/month" },
  { presentation: "premium", label: "Premium", price: "$149/month" },
] as const satisfies readonly { presentation: Presentation; label: string; price: string }[];

/** The pricing page's cards: Premium there is 'Contact Us' with custom pricing. */
export const PRICING_PLANS = [
  {
    presentation: "basic",
    name: "Basic",
    price: "$29",
    period: "/month",
    mostPopular: false,
    features: ["Business name", "Category", "Address", "Contact information", "Logo", "Basic visibility"],
  },
  {
    presentation: "enhanced",
    name: "Enhanced",
    price: "$79",
    period: "/month",
    mostPopular: true,
    features: ["Everything in Basic", "Photo", "Description", "Services list", "Customer reviews", "Better ranking"],
  },
  {
    presentation: "premium",
    name: "Premium",
    price: "Contact Us",
    period: "Custom pricing",
    mostPopular: false,
    features: [
      "Everything in Enhanced",
      "Gradient design",
      "All contact methods",
      "Social media links",
      "Top placement",
      "Analytics",
    ],
  },
] as const satisfies readonly {
  presentation: Presentation;
  name: string;
  price: string;
  period: string;
  mostPopular: boolean;
  features: readonly string[];
}[];
