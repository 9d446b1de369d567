/**
 * Invented members and staff of each body that has meetings in the demo
 * data. Every name here is fictional.
 */
import type { Person, Roster, StaffRole } from "./types";

/** A person whose transcript label is the title in capitals plus the surname. */
export function person(title: string, full: string, address?: string): Person {
  const parts = full.split(" ");
  const last = parts.at(-1)!;
  const first = parts.slice(0, -1).join(" ");
  return {
    first,
    last,
    title,
    label: `${title} ${last}`.toUpperCase(),
    ref: `${title} ${last}`,
    address: address ?? `${title} ${last}`,
    full,
  };
}

type StaffList = Record<StaffRole, Person>;

const ALDER_CREEK_STAFF: StaffList = {
  police: person("Police Chief", "Dana Halvorsen", "Chief Halvorsen"),
  fire: person("Fire Chief", "Marcus Bell", "Chief Bell"),
  publicWorks: person("Public Works Director", "Erik Lindgren"),
  finance: person("Finance Director", "Sandra Kwan"),
  planning: person("Community Development Director", "Rosa Medina"),
  parks: person("Parks Director", "Jamal Turner"),
  library: person("Library Director", "Helen Ostrowski"),
  utilities: person("Utilities Director", "Ben Carver"),
  engineer: person("City Engineer", "Farah Siddiqui"),
};

const PORT_HALVERN_STAFF: StaffList = {
  police: person("Police Chief", "Carla Dominguez", "Chief Dominguez"),
  fire: person("Fire Chief", "Owen Pryce", "Chief Pryce"),
  publicWorks: person("Public Works Director", "Kenji Mori"),
  finance: person("Finance Director", "Alicia Brandt"),
  planning: person("Planning Director", "Wade Kimball"),
  parks: person("Parks Supervisor", "Lena Voss"),
  library: person("Library Director", "Martin Ekdahl"),
  utilities: person("Utilities Manager", "Chidi Okonkwo"),
  engineer: person("City Engineer", "Tess Marlowe"),
};

const CINDER_BLUFF_STAFF: StaffList = {
  police: person("Police Chief", "Raymond Castillo", "Chief Castillo"),
  fire: person("Fire Chief", "Kendra Holt", "Chief Holt"),
  publicWorks: person("Public Works Director", "Samuel Oduya"),
  finance: person("Finance Director", "Pam Greer"),
  planning: person("Development Services Director", "Tyler Reno"),
  parks: person("Parks Director", "Lucia Fuentes"),
  library: person("Library Director", "Norman Tsosie"),
  utilities: person("Water Resources Director", "Ellen Hartwell"),
  engineer: person("City Engineer", "Vikram Rao"),
};

const LAKE_WENDELL_STAFF: StaffList = {
  police: person("Police Chief", "Tom Reinholt", "Chief Reinholt"),
  fire: person("Fire Chief", "Jerry Aas", "Chief Aas"),
  publicWorks: person("Public Works Director", "Lisa Marchetti"),
  finance: person("Finance Director", "Kim Vang"),
  planning: person("Community Development Director", "Ole Brandvold"),
  parks: person("Parks Director", "Becca Swanson"),
  library: person("Library Director", "Irene Abernathy"),
  utilities: person("Utilities Superintendent", "Gary Krueger"),
  engineer: person("City Engineer", "Nate Falk"),
};

const OLD_MILLBROOK_STAFF: StaffList = {
  police: person("Police Chief", "Frank Dobrowski", "Chief Dobrowski"),
  fire: person("Fire Chief", "Walt Ebersole", "Chief Ebersole"),
  publicWorks: person("Public Works Director", "Dwayne Hostetler"),
  finance: person("Finance Director", "Carol Weidner"),
  planning: person("Zoning Officer", "Beth Landis"),
  parks: person("Recreation Director", "Josh Kline"),
  library: person("Library Director", "Ruth Stauffer"),
  utilities: person("Water Superintendent", "Lee Gettle"),
  engineer: person("Borough Engineer", "Ken Martz"),
};

export const ROSTERS: Readonly<Record<string, Roster>> = {
  "alder-creek-council": {
    kind: "council",
    noun: "council",
    membersNoun: "Councilmembers",
    chair: person("Mayor", "Grace Okafor", "Mayor"),
    members: [
      person("Vice Mayor", "Daniel Chen"),
      person("Councilmember", "Ana Reyes"),
      person("Councilmember", "Tom Whitaker"),
      person("Councilmember", "Priya Raman"),
    ],
    exec: person("City Manager", "Luis Diaz"),
    clerk: person("City Clerk", "Megan Patel", "Madam Clerk"),
    counsel: person("City Attorney", "Howard Lim"),
    staff: ALDER_CREEK_STAFF,
    startMinutes: 18 * 60,
  },
  "alder-creek-planning": {
    kind: "planning",
    noun: "commission",
    membersNoun: "Commissioners",
    chair: person("Chair", "Ingrid Lindqvist", "Madam Chair"),
    members: [
      person("Vice Chair", "Robert Osei"),
      person("Commissioner", "Mei Tanaka"),
      person("Commissioner", "Carlos Brenner"),
      person("Commissioner", "Lydia Fontaine"),
    ],
    exec: person("Planning Manager", "Sofia Albright"),
    clerk: person("Commission Secretary", "Nadia Gray", "Ms. Gray"),
    counsel: person("Assistant City Attorney", "June Park"),
    staff: { ...ALDER_CREEK_STAFF, planning: person("Senior Planner", "Eli Hudson") },
    startMinutes: 18 * 60 + 30,
  },
  "alder-creek-schools": {
    kind: "school",
    noun: "board",
    membersNoun: "Trustees",
    chair: person("President", "Teresa Alvarez", "President Alvarez"),
    members: [
      person("Vice President", "Beth Holland"),
      person("Trustee", "Marcus Webb"),
      person("Trustee", "Joanna Kim"),
      person("Trustee", "Ray Delgado"),
    ],
    exec: person("Superintendent", "Alan Pierce", "Dr. Pierce"),
    clerk: person("Board Secretary", "Linh Nguyen", "Ms. Nguyen"),
    counsel: person("District Counsel", "Miriam Ford"),
    staff: {
      ...ALDER_CREEK_STAFF,
      finance: person("Chief Business Official", "Greg Morrow"),
      publicWorks: person("Facilities Director", "Ramon Santos"),
    },
    startMinutes: 19 * 60,
  },
  "port-halvern-council": {
    kind: "council",
    noun: "council",
    membersNoun: "Councilors",
    chair: person("Mayor", "Ruth Gallagher", "Mayor"),
    members: [
      person("Council President", "Nora Fitzgerald"),
      person("Councilor", "Sam Bjornstad"),
      person("Councilor", "Leah Morningstar"),
      person("Councilor", "Victor Espinoza"),
    ],
    exec: person("City Manager", "Paul Haines"),
    clerk: person("City Recorder", "Janet Sousa", "Madam Recorder"),
    counsel: person("City Attorney", "Greg Tamura"),
    staff: PORT_HALVERN_STAFF,
    startMinutes: 18 * 60,
  },
  "port-halvern-county": {
    kind: "county",
    noun: "board",
    membersNoun: "Commissioners",
    chair: person("Chair", "Dale Rasmussen", "Mr. Chair"),
    members: [
      person("Vice Chair", "Ilse Navarro"),
      person("Commissioner", "Joyce Whitmore"),
      person("Commissioner", "Bert Lacey"),
      person("Commissioner", "Hank Sorrell"),
    ],
    exec: person("County Administrator", "Sharon Pell"),
    clerk: person("Board Clerk", "Tim Hobart", "Mr. Hobart"),
    counsel: person("County Counsel", "Rita Choi"),
    staff: {
      ...PORT_HALVERN_STAFF,
      fire: person("Emergency Manager", "Luis Quintero", "Mr. Quintero"),
      publicWorks: person("Roadmaster", "Curt Ames"),
      finance: person("County Treasurer", "Doreen Platt"),
    },
    startMinutes: 9 * 60 + 30,
  },
  "cinder-bluff-council": {
    kind: "council",
    noun: "council",
    membersNoun: "Councilmembers",
    chair: person("Mayor", "Hector Villanueva", "Mayor"),
    members: [
      person("Vice Mayor", "Lorraine Begay"),
      person("Councilmember", "Wes Tolliver"),
      person("Councilmember", "Dana Kaufman"),
      person("Councilmember", "Marisol Ortega"),
    ],
    exec: person("City Manager", "Rebecca Stroud"),
    clerk: person("City Clerk", "Anthony Morales", "Mr. Clerk"),
    counsel: person("City Attorney", "Joan Whitfield"),
    staff: CINDER_BLUFF_STAFF,
    startMinutes: 17 * 60 + 30,
  },
  "lake-wendell-council": {
    kind: "council",
    noun: "council",
    membersNoun: "Council Members",
    chair: person("Mayor", "Karl Brekke", "Mayor"),
    members: [
      person("Council Member", "Gretchen Haugen"),
      person("Council Member", "Abdi Warsame"),
      person("Council Member", "Julie Peterson"),
      person("Council Member", "Ron Dahlquist"),
    ],
    exec: person("City Administrator", "Mark Tollefson"),
    clerk: person("City Clerk", "Debbie Sorensen", "Debbie"),
    counsel: person("City Attorney", "Paul Stranske"),
    staff: LAKE_WENDELL_STAFF,
    startMinutes: 18 * 60 + 30,
  },
  "old-millbrook-council": {
    kind: "council",
    noun: "council",
    membersNoun: "Council Members",
    chair: person("President", "Anne Kovach", "Madam President"),
    members: [
      person("Vice President", "Glenn Rupert"),
      person("Council Member", "Sharon Beidler"),
      person("Council Member", "Mike Zook"),
      person("Council Member", "Tasha Greene"),
    ],
    exec: person("Borough Manager", "Dale Yoder"),
    clerk: person("Borough Secretary", "Patty Fry", "Patty"),
    counsel: person("Solicitor", "Ian McAllister"),
    staff: OLD_MILLBROOK_STAFF,
    startMinutes: 19 * 60,
  },
};

export function rosterFor(sourceKey: string): Roster {
  const roster = ROSTERS[sourceKey];
  if (!roster) throw new Error(`No roster for source ${sourceKey}`);
  return roster;
}
