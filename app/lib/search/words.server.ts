/**
 * Forgiving words (issue 31, docs/decisions/0081-search-relevance.md): a
 * query's words are looked up in the search lexicon (search_lexicon, the
 * lexemes of every meeting's fields and transcript, drizzle/0022).
 *
 * - Accents never matter: each word also matches the lexicon's words that
 *   differ from it only by accents (unaccent), so "Díaz" finds "Diaz" and
 *   "tizon" finds "TIZÓN".
 * - A word may be misspelled: its nearest other word by trigram similarity
 *   (pg_trgm, at least MIN_SIMILARITY) and a letter or two away makes the
 *   corrected query, which search runs when the query finds nothing and
 *   offers ("Did you mean …?") when it finds clearly more meetings. A word
 *   the lexicon holds is tried only from MIN_KNOWN_LENGTH letters.
 */
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/rows.server";

/** Trigram similarity a lexicon word needs to stand for a misspelled query word. */
export const MIN_SIMILARITY = 0.4;

export type ForgivingQuery = {
  /** The query as a tsquery (text), every word matching its accent variants too. */
  tsquery: string;
  /** The query with its unknown words replaced by their nearest known ones, or null when none is. */
  corrected: { tsquery: string; text: string } | null;
};

/** The lexemes of a tsquery's text, in order ('' inside a lexeme unescaped). */
const LEXEME = /'((?:[^']|'')*)'/g;

function quote(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

/** `tsquery` with each lexeme replaced by what `replace` gives (a tsquery fragment), the rest kept. */
function mapLexemes(tsquery: string, replace: (lexeme: string) => string): string {
  return tsquery.replace(LEXEME, (_, body: string) => replace(body.replace(/''/g, "'")));
}

function anyOf(words: readonly string[]): string {
  const unique = [...new Set(words)];
  return unique.length === 1 ? quote(unique[0]!) : `( ${unique.map(quote).join(" | ")} )`;
}

/** Words of the query as typed: letters and digits, with inner apostrophes and hyphens. */
const TYPED_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

type LexiconRow = { word: string; plain: string; known: boolean; variants: string[] | null; nearest: string[] | null };

/** A known word shorter than this is never corrected: short words have too many neighbors. */
const MIN_KNOWN_LENGTH = 6;

/** How many similar words are read for a misspelled one, most similar first. */
const NEAREST_READ = 8;

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated
 * edits): a misspelling is a letter or two off, which trigram similarity
 * alone does not say ("roundabout" is similar to "round").
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  return d[a.length]![b.length]!;
}

/** The edits a word of this length may be off by: one up to five letters, two from six, none under four. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length <= 5 ? 1 : 2;
}

/** The first of the similar words (most similar first) that is a misspelling's distance away, if any. */
function nearestOf(row: LexiconRow): string | null {
  const limit = allowedEdits(row.plain.length);
  for (const word of row.nearest ?? []) {
    if (editDistance(row.plain, word.normalize("NFD").replace(/\p{M}/gu, "")) <= limit) return word;
  }
  return null;
}

/**
 * The query's tsquery and its lexemes' lexicon entries in one statement (one
 * round trip): a row per lexeme, or one row with a null word when the query
 * has none. The similar words (the trigram index, the lookup's costly part)
 * are read only for a word nearestOf may correct: not for one with accent
 * variants, nor for a known one under MIN_KNOWN_LENGTH letters (counted in
 * bytes, never fewer than the JavaScript length, so that no word
 * forgivingQuery would correct goes without them).
 */
function lookupStatement(text: string): SQL {
  return sql`
    with parsed as (select websearch_to_tsquery('english', ${text})::text as q),
    lexemes as (
      select distinct replace(m[1], '''''', '''') as word
      from parsed, regexp_matches(parsed.q, ${LEXEME.source}, 'g') as m
    ),
    entries as (
      select l.word, unaccent(l.word) as plain,
        exists (select 1 from search_lexicon x where x.word = l.word) as known,
        array(select x.word from search_lexicon x where x.plain = unaccent(l.word) order by x.word) as variants
      from lexemes l
    )
    select p.q, e.word, e.plain, e.known, e.variants,
      case when not (e.variants <@ array[e.word]) or (e.known and octet_length(e.plain) < ${MIN_KNOWN_LENGTH})
        then null
        else array(select x.word from search_lexicon x
          where x.plain % e.plain and x.plain <> e.plain and similarity(x.plain, e.plain) >= ${MIN_SIMILARITY}
          order by similarity(x.plain, e.plain) desc, x.word
          limit ${NEAREST_READ}) end as nearest
    from parsed p left join entries e on true`;
}

export async function forgivingQuery(text: string): Promise<ForgivingQuery> {
  const found = await queryRows<{ q: string } & (LexiconRow | { word: null })>(lookupStatement(text));
  const tsquery = found[0]?.q ?? "";
  const rows = found.filter((row): row is { q: string } & LexiconRow => row.word !== null);
  if (rows.length === 0) return { tsquery, corrected: null };
  const byWord = new Map(rows.map((row) => [row.word, row]));
  const variantsOf = (lexeme: string) => {
    const row = byWord.get(lexeme);
    return [lexeme, ...(row?.variants ?? [])];
  };
  const forgiving = mapLexemes(tsquery, (lexeme) => anyOf(variantsOf(lexeme)));
  const unknown = new Map<string, string>();
  const known = new Map<string, string>();
  for (const row of rows) {
    const hasVariants = (row.variants ?? []).some((variant) => variant !== row.word);
    // A known word may still be a misspelling of a more common one ("Lindquist" for "Lindqvist"):
    // search offers its correction only when that finds clearly more.
    const nearest = hasVariants || (row.known && row.plain.length < MIN_KNOWN_LENGTH) ? null : nearestOf(row);
    if (nearest) (row.known ? known : unknown).set(row.word, nearest);
  }
  // Words the lexicon does not hold are the misspelled ones when there are any: the known ones are kept as typed.
  const corrections = unknown.size > 0 ? unknown : known;
  if (corrections.size === 0) return { tsquery: forgiving, corrected: null };
  const correctedTsquery = mapLexemes(tsquery, (lexeme) => {
    const nearest = corrections.get(lexeme);
    return nearest ? anyOf(variantsOf(nearest)) : anyOf(variantsOf(lexeme));
  });
  return { tsquery: forgiving, corrected: { tsquery: correctedTsquery, text: await correctedText(text, corrections) } };
}

/** The query as typed, each word whose lexeme was corrected replaced by the lexicon's word (capitalized like it). */
async function correctedText(text: string, corrections: Map<string, string>): Promise<string> {
  const typed = [...new Set(text.match(TYPED_WORD) ?? [])];
  if (typed.length === 0) return text;
  const list = sql.join(
    typed.map((word) => sql`${word}`),
    sql`, `,
  );
  const rows = await queryRows<{ word: string; lexemes: string[] }>(sql`
    select w.word, tsvector_to_array(to_tsvector('english', w.word)) as lexemes
    from unnest(array[${list}]::text[]) as w(word)`);
  const lexemeOf = new Map(rows.map((row) => [row.word, row.lexemes.length === 1 ? row.lexemes[0]! : null]));
  return text.replace(TYPED_WORD, (word) => {
    const lexeme = lexemeOf.get(word);
    const nearest = lexeme ? corrections.get(lexeme) : undefined;
    if (!nearest) return word;
    return /^\p{Lu}/u.test(word) ? nearest.charAt(0).toUpperCase() + nearest.slice(1) : nearest;
  });
}
