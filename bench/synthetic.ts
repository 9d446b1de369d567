/**
 * A made-up, timestamped council meeting of any length, for timing the
 * analyzer when the MeetingBank sample is not available.
 */

const SPEAKERS = [
  "MAYOR LOPEZ",
  "COUNCILMEMBER REYES",
  "COUNCILMEMBER PARK",
  "CITY MANAGER OKAFOR",
  "CLERK",
  "PUBLIC COMMENTER",
];
const TOPICS = [
  "the Oak Street repaving project",
  "the downtown parking plan",
  "the Riverside Park playground",
  "the library budget",
  "the Mill Creek bridge repairs",
  "the water rate study",
];
const LINES = [
  "Thank you, Mayor.",
  "Staff recommends that the council approve {topic} at a cost of ${amount} million.",
  "I have concerns about {topic} because residents on the east side were not consulted.",
  "I move that we direct staff to report back on {topic} by June {day}.",
  "Second.",
  "The motion carries {ayes}-{nays}.",
  "Our Public Works Department estimates that {topic} will take {weeks} weeks to complete.",
  "Um, I think we need to, you know, look at the numbers for {topic} again before we vote.",
  "We received {count} letters from residents about {topic}, most of them in support.",
  "Can staff bring back options for {topic} at the next meeting?",
  "The Planning Commission reviewed {topic} in {month} and recommended approval.",
];

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pick<T>(items: T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

function clock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

export function syntheticTranscript(targetChars: number, seed = 42): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  let seconds = 0;
  let length = 0;
  while (length < targetChars) {
    const text = pick(LINES, random)
      .replace(/\{topic\}/g, pick(TOPICS, random))
      .replace("{amount}", (1 + Math.floor(random() * 40) / 10).toFixed(1))
      .replace("{day}", String(1 + Math.floor(random() * 28)))
      .replace("{ayes}", String(4 + Math.floor(random() * 3)))
      .replace("{nays}", String(Math.floor(random() * 2)))
      .replace("{weeks}", String(2 + Math.floor(random() * 20)))
      .replace("{count}", String(5 + Math.floor(random() * 200)))
      .replace("{month}", pick(["March", "April", "May", "September"], random));
    const line = `[${clock(seconds)}] ${pick(SPEAKERS, random)}: ${text}`;
    lines.push(line);
    length += line.length + 1;
    seconds += 5 + Math.floor(random() * 40);
  }
  return lines.join("\n").slice(0, targetChars);
}
