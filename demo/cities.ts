/**
 * Demo cities. All fictional: names, counties, domains and descriptions are
 * invented. `places` are the local landmarks the meeting transcripts talk
 * about, so that each city's meetings sound like that city.
 */

export type SeedCityStatus = "New" | "Test" | "Live" | "Archive";

export type CityPlaces = {
  /** A creek or wash that crosses town. */
  creek: string;
  /** The multi-use trail along it. */
  trail: string;
  /** The main park, and a smaller neighborhood park. */
  park: string;
  smallPark: string;
  /** A busy arterial and the downtown main street. */
  arterial: string;
  mainStreet: string;
  /** An elementary school near a busy crossing. */
  school: string;
  /** A residential neighborhood. */
  neighborhood: string;
  /** The main library building. */
  library: string;
  /** The community or senior center. */
  center: string;
  /** Area code for invented 555 telephone numbers, and postal code. */
  areaCode: string;
  postalCode: string;
  /**
   * Where the (fictional) town's downtown would be: a plausible spot in its
   * state, WGS 84 degrees. The demo listings are placed around it.
   */
  coordinates: { latitude: number; longitude: number };
  /** Whether wildfire topics make sense for this city. */
  wildfireRisk: boolean;
};

export type SeedCity = {
  key: string;
  name: string;
  state: string;
  county: string;
  description: string;
  domain: string;
  primaryColor: string | null;
  secondaryColor: string | null;
  icon: string;
  tagLine: string;
  status: SeedCityStatus;
  places: CityPlaces;
};

export const SEED_CITIES: readonly SeedCity[] = [
  {
    key: "alder-creek",
    name: "Alder Creek",
    state: "CA",
    county: "Mendall County",
    description:
      "A river town of about 38,000 at the edge of the coastal redwoods, Alder Creek grew up around a lumber mill and a rail spur. Today it is a mix of commuters, vineyards, a small college campus and a downtown that still closes Main Street for the Thursday farmers' market.",
    domain: "aldercreek.gov",
    primaryColor: "#166534",
    secondaryColor: "#CA8A04",
    icon: "🌲",
    tagLine: "Where the redwoods meet Main Street",
    status: "Live",
    places: {
      creek: "Alder Creek",
      trail: "Millrace Trail",
      park: "Kessler Park",
      smallPark: "Tanbark Meadow",
      arterial: "Sequoia Avenue",
      mainStreet: "Main Street",
      school: "Hollis Elementary",
      neighborhood: "Fernhill",
      library: "Laurel Street Library",
      center: "Bayard Community Center",
      areaCode: "707",
      postalCode: "95488",
      coordinates: { latitude: 40.7221, longitude: -124.1437 },
      wildfireRisk: true,
    },
  },
  {
    key: "port-halvern",
    name: "Port Halvern",
    state: "OR",
    county: "Lusk County",
    description:
      "Port Halvern is a working harbor town of 14,000 on the southern Oregon coast. The commercial fishing fleet, a marine research station and summer visitors keep Front Street busy; winter storms and a steep bluff keep public works busier.",
    domain: "porthalvern.gov",
    primaryColor: "#1E3A8A",
    secondaryColor: "#0EA5E9",
    icon: "⚓",
    tagLine: "A working harbor with an open door",
    status: "Live",
    places: {
      creek: "Tiller Creek",
      trail: "Bayfront Trail",
      park: "Gull Rock Park",
      smallPark: "Netmender Park",
      arterial: "Harbor Boulevard",
      mainStreet: "Front Street",
      school: "Seaview Elementary",
      neighborhood: "Upper Bluff",
      library: "Port Halvern Public Library",
      center: "Driftwood Senior Center",
      areaCode: "541",
      postalCode: "97466",
      coordinates: { latitude: 44.8112, longitude: -124.0581 },
      wildfireRisk: true,
    },
  },
  {
    key: "cinder-bluff",
    name: "Cinder Bluff",
    state: "AZ",
    county: "Pinto County",
    description:
      "Cinder Bluff sits on a volcanic mesa above the Verdin River valley, a fast-growing desert city of 61,000 with an old railroad downtown, a regional hospital and new subdivisions on every side. Water supply and summer heat come up at nearly every council meeting.",
    domain: "cinderbluffaz.gov",
    primaryColor: "#9A3412",
    secondaryColor: "#FACC15",
    icon: "🌵",
    tagLine: "High desert, higher hopes",
    status: "Live",
    places: {
      creek: "Coyote Wash",
      trail: "Canal Path",
      park: "Ocotillo Park",
      smallPark: "Quail Run Park",
      arterial: "Mesa Drive",
      mainStreet: "Railroad Avenue",
      school: "Vista Grande Elementary",
      neighborhood: "Caliche Heights",
      library: "Desert Lantern Library",
      center: "Pinon Senior Center",
      areaCode: "928",
      postalCode: "86337",
      coordinates: { latitude: 35.2147, longitude: -111.3965 },
      wildfireRisk: true,
    },
  },
  {
    key: "lake-wendell",
    name: "Lake Wendell",
    state: "MN",
    county: "Brandt County",
    description:
      "Lake Wendell is a lake town of 9,500 two hours north of the Twin Cities, with a hockey arena, a dairy cooperative and a shoreline of cabins that doubles the population every July. The city has no official colors yet, so its pages use the default palette.",
    domain: "lakewendellmn.gov",
    primaryColor: null,
    secondaryColor: null,
    icon: "🛶",
    tagLine: "Ten minutes from everywhere that matters",
    status: "Live",
    places: {
      creek: "Birch Creek",
      trail: "Lakeshore Trail",
      park: "Veterans Memorial Park",
      smallPark: "Loon Point Park",
      arterial: "Division Street",
      mainStreet: "Lake Street",
      school: "Nordby Elementary",
      neighborhood: "North Shore",
      library: "Carnegie Library",
      center: "Wendell Community Center",
      areaCode: "218",
      postalCode: "56477",
      coordinates: { latitude: 46.5021, longitude: -95.0233 },
      wildfireRisk: false,
    },
  },
  {
    key: "juniper-flats",
    name: "Juniper Flats",
    state: "NV",
    county: "Saddle County",
    description:
      "A high-desert ranching town of 6,200 that asked for coverage in 2026. Sources are being set up; no meetings are published yet.",
    domain: "juniperflatsnv.gov",
    primaryColor: "#3B82F6",
    secondaryColor: "#1E40AF",
    icon: "🐎",
    tagLine: "Big sky, small town",
    status: "New",
    places: {
      creek: "Sage Creek",
      trail: "Rail Grade Trail",
      park: "Rodeo Grounds Park",
      smallPark: "Cottonwood Park",
      arterial: "Humboldt Avenue",
      mainStreet: "Second Street",
      school: "Juniper Flats Elementary",
      neighborhood: "West Bench",
      library: "Juniper Flats Branch Library",
      center: "Grange Hall",
      areaCode: "775",
      postalCode: "89439",
      coordinates: { latitude: 39.5903, longitude: -119.0152 },
      wildfireRisk: true,
    },
  },
  {
    key: "old-millbrook",
    name: "Old Millbrook",
    state: "PA",
    county: "Harlan County",
    description:
      "A borough of 4,100 below Furnace Ridge whose coverage was paused in 2025 when the borough moved its meetings to a new video platform. Earlier meetings are kept for reference.",
    domain: "oldmillbrookpa.gov",
    primaryColor: "#7C2D12",
    secondaryColor: "#A8A29E",
    icon: "🏭",
    tagLine: "Stone, steel and stubbornness since 1794",
    status: "Archive",
    places: {
      creek: "Yellow Breeches Run",
      trail: "Towpath Trail",
      park: "Furnace Park",
      smallPark: "Mill Pond Green",
      arterial: "Carlisle Pike",
      mainStreet: "High Street",
      school: "Millbrook Elementary",
      neighborhood: "Forge Hill",
      library: "Millbrook Free Library",
      center: "Borough Hall Annex",
      areaCode: "717",
      postalCode: "17099",
      coordinates: { latitude: 40.6112, longitude: -77.5724 },
      wildfireRisk: false,
    },
  },
  {
    key: "testville",
    name: "Testville",
    state: "CA",
    county: "Sample County",
    description: "An internal test city used to try sources and analysis before a city goes live.",
    domain: "testville.example",
    primaryColor: "#6D28D9",
    secondaryColor: "#DB2777",
    icon: "🧪",
    tagLine: "Not a real place",
    status: "Test",
    places: {
      creek: "Test Creek",
      trail: "Test Trail",
      park: "Test Park",
      smallPark: "Sample Park",
      arterial: "First Avenue",
      mainStreet: "Main Street",
      school: "Test Elementary",
      neighborhood: "Sample Heights",
      library: "Test Library",
      center: "Test Center",
      areaCode: "555",
      postalCode: "90000",
      coordinates: { latitude: 36.7783, longitude: -119.4179 },
      wildfireRisk: false,
    },
  },
];

export const LIVE_CITY_KEYS = SEED_CITIES.filter((city) => city.status === "Live").map((city) => city.key);

export function seedCity(key: string): SeedCity {
  const city = SEED_CITIES.find((candidate) => candidate.key === key);
  if (!city) throw new Error(`Unknown seed city ${key}`);
  return city;
}
