/**
 * Keyset paging (the open API's cursors, docs/decisions/0079-record-in-the-api.md):
 * the rows strictly after a row's key in an order of several columns, each
 * ascending or descending and each with its nulls last, so that a list read
 * a page at a time never skips nor repeats a row while rows are added.
 *
 *   const columns = [{ expr: sql`m.intro_date`, desc: true, type: "date" }, { expr: sql`m.legistar_id`, desc: true, type: "int" }];
 *   sql`... where ${keysetAfter(columns, ["2026-05-19", 8001])} order by ${keysetOrder(columns)} limit 21`;
 */
import { sql, type SQL } from "drizzle-orm";

export type KeyValue = string | number | null;
export type KeyColumn = { expr: SQL; desc: boolean; type: "date" | "int" };

const typed = (column: KeyColumn, value: string | number) =>
  column.type === "date" ? sql`${value}::date` : sql`${value}::int`;

/** The condition "after this key": for each column, the ones before it equal and it further on (a null is last). */
export function keysetAfter(columns: KeyColumn[], key: KeyValue[]): SQL {
  const terms: SQL[] = [];
  columns.forEach((column, index) => {
    const value = key[index] ?? null;
    // Nothing comes after a null in this column but rows that tie on it and differ further on.
    if (value === null) return;
    const equal = columns
      .slice(0, index)
      .map((before, at) =>
        key[at] === null || key[at] === undefined
          ? sql`${before.expr} is null`
          : sql`${before.expr} = ${typed(before, key[at]!)}`,
      );
    const further = column.desc
      ? sql`(${column.expr} < ${typed(column, value)} or ${column.expr} is null)`
      : sql`(${column.expr} > ${typed(column, value)} or ${column.expr} is null)`;
    terms.push(sql`(${sql.join([...equal, further], sql` and `)})`);
  });
  return terms.length === 0 ? sql`false` : sql`(${sql.join(terms, sql` or `)})`;
}

/** The columns' order, nulls last. */
export function keysetOrder(columns: KeyColumn[]): SQL {
  return sql.join(
    columns.map((column) => (column.desc ? sql`${column.expr} desc nulls last` : sql`${column.expr} asc nulls last`)),
    sql`, `,
  );
}
