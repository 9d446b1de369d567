/**
 * The demo business directory: categories and invented local businesses in
 * every Live city, across all three listing tiers. Names, addresses,
 * telephone numbers (555-01xx) and web/email domains (.example,
 * example.com) are fictional.
 */
import { seedCity } from "./cities";
import { createRng } from "./prng";

export type SeedCategory = { parentCategory: string; subCategory: string };

const CATEGORY_TREE: Record<string, readonly string[]> = {
  "Food & Drink": ["Bakery", "Cafe", "Restaurant", "Brewery & Winery", "Food Truck"],
  "Home Services": ["Plumbing", "Electrical", "Landscaping", "Roofing"],
  "Health & Wellness": ["Dental", "Fitness", "Massage & Bodywork", "Pharmacy"],
  Retail: ["Books", "Hardware", "Clothing", "Gifts"],
  Automotive: ["Auto Repair", "Tires", "Car Wash"],
  "Professional Services": ["Accounting", "Legal", "Real Estate", "Insurance"],
  "Recreation & Outdoors": ["Bikes", "Outdoor Gear", "Tours & Rentals"],
  Pets: ["Veterinary", "Grooming", "Pet Supplies"],
  "Education & Childcare": ["Tutoring", "Childcare", "Music Lessons"],
};

export const SEED_CATEGORIES: readonly SeedCategory[] = Object.entries(CATEGORY_TREE).flatMap(
  ([parentCategory, subs]) => subs.map((subCategory) => ({ parentCategory, subCategory })),
);

export type SeedListingTier = "Tier 1" | "Tier 2" | "Tier 3";

export type SeedListing = {
  cityKey: string;
  name: string;
  businessKey: string;
  description: string;
  streetAddress: string;
  postalCode: string;
  telephone: string;
  website: string | null;
  email: string | null;
  imageUrl: null;
  /** Near the city's center (about 1.5 km at most), fixed by the listing's key. */
  latitude: number;
  longitude: number;
  category: SeedCategory;
  listingTier: SeedListingTier;
  userEmail: string | null;
  subscriptionStatus: "active" | "trialing" | "canceled" | null;
  paymentSubscriptionId: string | null;
  paymentCustomerId: string | null;
  createdAt: Date;
};

type Row = {
  city: string;
  tier: 1 | 2 | 3;
  name: string;
  cat: [string, string];
  address: string;
  description: string;
  /** Undefined: derived from the name; null: no website. */
  website?: string | null;
  email?: string | null;
  status?: "active" | "trialing" | "canceled" | null;
};

const ROWS: readonly Row[] = [
  // ---------------------------------------------------------------- Alder Creek
  {
    city: "alder-creek",
    tier: 1,
    name: "3 Sisters Bakery",
    cat: ["Food & Drink", "Bakery"],
    address: "118 Main Street",
    description:
      "Sourdough, morning buns and wedding cakes from three sisters who grew up above the shop. Ovens on at 4 a.m., doors open at 6:30.",
    website: "https://3sistersbakery.example",
  },
  {
    city: "alder-creek",
    tier: 1,
    name: "Redwood Dental Group",
    cat: ["Health & Wellness", "Dental"],
    address: "2250 Sequoia Avenue, Suite 4",
    description:
      "Family and cosmetic dentistry with evening hours on Tuesdays and Thursdays. New patients and most insurance welcome.",
    status: "active",
  },
  {
    city: "alder-creek",
    tier: 1,
    name: "Alder Bikes & Trail Supply",
    cat: ["Recreation & Outdoors", "Bikes"],
    address: "47 Millrace Lane",
    description:
      "Sales, repairs and rentals steps from the Millrace Trail. Free flat fixes for kids every Saturday morning.",
    website: "alderbikes.example",
  },
  {
    city: "alder-creek",
    tier: 2,
    name: "Fernhill Family Pharmacy",
    cat: ["Health & Wellness", "Pharmacy"],
    address: "930 Sequoia Avenue",
    description:
      "Independent pharmacy with free local delivery, vaccines without an appointment and a pharmacist who knows your name.",
  },
  {
    city: "alder-creek",
    tier: 2,
    name: "Mill Street Plumbing",
    cat: ["Home Services", "Plumbing"],
    address: "15 Mill Street",
    description:
      "Licensed plumbers for repairs, water heaters and sewer lines. Same-day service for leaks and no-heat calls.",
    website: "www.millstreetplumbing.example",
    status: "trialing",
  },
  {
    city: "alder-creek",
    tier: 2,
    name: "Laurel & Pine Books",
    cat: ["Retail", "Books"],
    address: "204 Main Street",
    description: "New and used books, a big children's corner and author events on the first Friday of the month.",
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Okonkwo Tax & Bookkeeping",
    cat: ["Professional Services", "Accounting"],
    address: "311 Laurel Street",
    description: "Tax preparation and bookkeeping for households and small businesses, in English and Spanish.",
  },
  {
    city: "alder-creek",
    tier: 2,
    name: "Tanbark Landscaping",
    cat: ["Home Services", "Landscaping"],
    address: "1702 Fernhill Road",
    description:
      "Drought-tolerant gardens, defensible-space clearing and weekly maintenance. Battery-powered equipment only.",
    website: "http://tanbarklandscaping.example",
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Kessler Park Veterinary Clinic",
    cat: ["Pets", "Veterinary"],
    address: "88 Kessler Way",
    description: "Small-animal veterinary care.",
    website: null,
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Creekside Brewing Co.",
    cat: ["Food & Drink", "Brewery & Winery"],
    address: "5 Depot Street",
    description: "Taproom with rotating local beers and food trucks on weekends.",
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Sequoia Tire & Brake",
    cat: ["Automotive", "Tires"],
    address: "3100 Sequoia Avenue",
    description: "Tires, brakes and alignments.",
    email: null,
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Bright Start Learning Center",
    cat: ["Education & Childcare", "Childcare"],
    address: "640 Hollis Avenue",
    description: "Licensed preschool and after-school care.",
    status: "canceled",
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Mendall Title & Escrow",
    cat: ["Professional Services", "Real Estate"],
    address: "19 Courthouse Square",
    description: "Title insurance and escrow services.",
    website: null,
    email: null,
  },
  {
    city: "alder-creek",
    tier: 3,
    name: "Wag & Wash",
    cat: ["Pets", "Grooming"],
    address: "412 Main Street",
    description: "Self-serve dog wash and grooming.",
  },
  // ---------------------------------------------------------------- Port Halvern
  {
    city: "port-halvern",
    tier: 1,
    name: "Harbor Light Chowder House",
    cat: ["Food & Drink", "Restaurant"],
    address: "2 Front Street",
    description:
      "Chowder, fish and chips and whatever the boats brought in this morning, on the water since 1971. Reservations for six or more.",
    status: "active",
  },
  {
    city: "port-halvern",
    tier: 1,
    name: "Gull Rock Kayak Tours",
    cat: ["Recreation & Outdoors", "Tours & Rentals"],
    address: "60 Bayfront Trail",
    description: "Guided bay tours, sunset paddles and rentals for all levels. Dry bags and wetsuits included.",
    website: "gullrockkayak.example",
    status: "trialing",
  },
  {
    city: "port-halvern",
    tier: 2,
    name: "Netmender Hardware",
    cat: ["Retail", "Hardware"],
    address: "415 Harbor Boulevard",
    description: "Marine and household hardware, keys cut, paint mixed and propane filled. Open seven days.",
  },
  {
    city: "port-halvern",
    tier: 2,
    name: "Bluff Top Roofing",
    cat: ["Home Services", "Roofing"],
    address: "1280 Upper Bluff Road",
    description: "Storm repairs and new roofs built for coastal wind. Free inspections after big storms.",
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "Seaview Physical Therapy & Fitness",
    cat: ["Health & Wellness", "Fitness"],
    address: "77 Seaview Drive",
    description: "Physical therapy, small-group strength classes and a warm-water pool for rehab.",
  },
  {
    city: "port-halvern",
    tier: 2,
    name: "Tiller Creek Law Office",
    cat: ["Professional Services", "Legal"],
    address: "210 Front Street, Upstairs",
    description: "Wills, estates, real estate and small-business law. Free 20-minute consultations.",
    website: "https://tillercreeklaw.example",
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "49th Parallel Outfitters",
    cat: ["Recreation & Outdoors", "Outdoor Gear"],
    address: "33 Dock Street",
    description: "Rain gear, boots and fishing tackle.",
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "Driftwood Music Studio",
    cat: ["Education & Childcare", "Music Lessons"],
    address: "501 Harbor Boulevard",
    description: "Guitar, piano and fiddle lessons.",
    website: null,
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "Salt Air Car Wash",
    cat: ["Automotive", "Car Wash"],
    address: "1900 Harbor Boulevard",
    description: "Touchless wash and salt-spray underbody rinse.",
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "Pelican Pet Supply",
    cat: ["Pets", "Pet Supplies"],
    address: "68 Front Street",
    description: "Food, treats and supplies for dogs, cats and chickens.",
    status: "canceled",
  },
  {
    city: "port-halvern",
    tier: 3,
    name: "Halvern Insurance Agency",
    cat: ["Professional Services", "Insurance"],
    address: "120 Front Street",
    description: "Home, auto, boat and commercial fishing policies.",
  },
  // ---------------------------------------------------------------- Cinder Bluff
  {
    city: "cinder-bluff",
    tier: 1,
    name: "Ocotillo Coffee Roasters",
    cat: ["Food & Drink", "Cafe"],
    address: "301 Railroad Avenue",
    description:
      "Small-batch coffee roasted on Railroad Avenue, with a shaded patio and breakfast burritos until they run out.",
  },
  {
    city: "cinder-bluff",
    tier: 1,
    name: "Mesa Auto Care",
    cat: ["Automotive", "Auto Repair"],
    address: "4410 Mesa Drive",
    description:
      "Full-service repair, air conditioning specialists and free summer AC checks. Shuttle to anywhere in town.",
    website: "mesaautocare.example",
    status: "active",
  },
  {
    city: "cinder-bluff",
    tier: 2,
    name: "Desert Lantern Massage",
    cat: ["Health & Wellness", "Massage & Bodywork"],
    address: "88 Canal Path Plaza",
    description: "Therapeutic and sports massage by licensed therapists. Evening appointments available.",
  },
  {
    city: "cinder-bluff",
    tier: 2,
    name: "Cinder Electric",
    cat: ["Home Services", "Electrical"],
    address: "1600 Industrial Way",
    description: "Panel upgrades, EV chargers and solar tie-ins for homes and businesses.",
    website: "www.cinderelectric.example",
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "Verdin River Boutique",
    cat: ["Retail", "Clothing"],
    address: "215 Railroad Avenue",
    description: "Women's clothing and accessories from Southwest designers, with a consignment corner.",
  },
  {
    city: "cinder-bluff",
    tier: 2,
    name: "Quail Run Tutoring",
    cat: ["Education & Childcare", "Tutoring"],
    address: "940 Quail Run Road",
    description: "Math, reading and test-prep tutoring for grades K-12, in person or online.",
    status: "trialing",
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "7 Saguaros Taqueria",
    cat: ["Food & Drink", "Food Truck"],
    address: "Railroad Avenue & 2nd Street",
    description: "Street tacos and aguas frescas, Thursday to Sunday.",
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "Caliche Heights Veterinary",
    cat: ["Pets", "Veterinary"],
    address: "2780 Caliche Heights Blvd",
    description: "Dogs, cats and exotic pets.",
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "Pinto County Realty",
    cat: ["Professional Services", "Real Estate"],
    address: "12 Courthouse Plaza",
    description: "Residential and land sales.",
    website: null,
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "Bluff Gifts & Gallery",
    cat: ["Retail", "Gifts"],
    address: "230 Railroad Avenue",
    description: "Local art, pottery and gifts.",
  },
  {
    city: "cinder-bluff",
    tier: 3,
    name: "Sun Valley Tire",
    cat: ["Automotive", "Tires"],
    address: "5120 Mesa Drive",
    description: "New and used tires.",
  },
  // ---------------------------------------------------------------- Lake Wendell
  {
    city: "lake-wendell",
    tier: 1,
    name: "Loon Point Boat Rentals",
    cat: ["Recreation & Outdoors", "Tours & Rentals"],
    address: "1 Loon Point Road",
    description:
      "Pontoons, fishing boats and paddleboards by the hour or the week, with bait and licenses at the dock.",
    status: "active",
  },
  {
    city: "lake-wendell",
    tier: 2,
    name: "Nordby Family Dentistry",
    cat: ["Health & Wellness", "Dental"],
    address: "402 Division Street",
    description: "Gentle dentistry for the whole family, including Saturday hours during the school year.",
    website: "https://nordbydentistry.example",
  },
  {
    city: "lake-wendell",
    tier: 2,
    name: "Lake Street Hardware",
    cat: ["Retail", "Hardware"],
    address: "118 Lake Street",
    description: "Hardware, ice-fishing gear and small-engine repair. Fourth-generation family owned.",
  },
  {
    city: "lake-wendell",
    tier: 2,
    name: "Birch Creek Heating & Plumbing",
    cat: ["Home Services", "Plumbing"],
    address: "2210 County Road 9",
    description: "Furnaces, boilers and frozen-pipe emergencies around the clock from November through March.",
    website: "birchcreekheating.example",
  },
  {
    city: "lake-wendell",
    tier: 2,
    name: "North Shore Supper Club",
    cat: ["Food & Drink", "Restaurant"],
    address: "7745 North Shore Drive",
    description: "Friday fish fry, prime rib Saturdays and old fashioneds on the lake since 1958.",
  },
  {
    city: "lake-wendell",
    tier: 3,
    name: "Wendell Paws Grooming",
    cat: ["Pets", "Grooming"],
    address: "55 Lake Street",
    description: "Dog grooming by appointment.",
  },
  {
    city: "lake-wendell",
    tier: 3,
    name: "Brandt County Tax Service",
    cat: ["Professional Services", "Accounting"],
    address: "300 Division Street",
    description: "Individual and farm tax returns.",
    email: null,
  },
  {
    city: "lake-wendell",
    tier: 3,
    name: "1st Light Yoga & Fitness",
    cat: ["Health & Wellness", "Fitness"],
    address: "140 Lake Street, Upper Level",
    description: "Sunrise yoga and community fitness classes.",
  },
];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function domainFor(name: string): string {
  return `${slug(name).replace(/-and-/g, "-").replace(/-/g, "").slice(0, 24)}.example`;
}

function paymentId(prefix: "sub_" | "cus_", seed: string): string {
  const rng = createRng(`${prefix}${seed}`);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = prefix;
  for (let i = 0; i < 14; i++) id += alphabet[rng.int(0, alphabet.length - 1)];
  return id;
}

/** A point within about 1.5 km of `center`, the same for the same seed; 6 decimals (about 0.1 m). */
function nearCenter(center: { latitude: number; longitude: number }, seed: string) {
  const rng = createRng(`geo:${seed}`);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const north = (rng.next() - 0.5) * 0.026;
  const east = ((rng.next() - 0.5) * 0.026) / Math.cos((center.latitude * Math.PI) / 180);
  return { latitude: round(center.latitude + north), longitude: round(center.longitude + east) };
}

function listing(row: Row, index: number): SeedListing {
  const city = seedCity(row.city);
  const key = `${slug(row.name)}-${row.city}`;
  const domain = domainFor(row.name);
  const tier: SeedListingTier = `Tier ${row.tier}`;
  const paid = row.tier !== 3;
  const status = row.status !== undefined ? row.status : paid ? "active" : null;
  const hasPayment = paid || status === "canceled";
  const rng = createRng(`listing:${key}`);
  return {
    cityKey: row.city,
    name: row.name,
    businessKey: key,
    description: row.description,
    streetAddress: row.address,
    postalCode: city.places.postalCode,
    telephone: `(${city.places.areaCode}) 555-01${String(index % 100).padStart(2, "0")}`,
    website: row.website === undefined ? `https://${domain}` : row.website,
    email:
      row.email === undefined
        ? index % 4 === 0
          ? `${slug(row.name).split("-")[0]}@example.com`
          : `hello@${domain}`
        : row.email,
    imageUrl: null,
    ...nearCenter(city.places.coordinates, key),
    category: { parentCategory: row.cat[0], subCategory: row.cat[1] },
    listingTier: tier,
    userEmail: hasPayment ? `owner@${domain}` : index % 3 === 0 ? `owner@${domain}` : null,
    subscriptionStatus: status,
    paymentSubscriptionId: hasPayment ? paymentId("sub_", key) : null,
    paymentCustomerId: hasPayment ? paymentId("cus_", key) : null,
    createdAt: new Date(Date.UTC(2025, 4 + rng.int(0, 11), rng.int(1, 28), rng.int(14, 23), rng.int(0, 59))),
  };
}

export const SEED_LISTINGS: readonly SeedListing[] = ROWS.map(listing);
