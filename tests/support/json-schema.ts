/**
 * A small JSON Schema checker for the API tests (no validator is installed):
 * the keywords the OpenAPI document of app/lib/api/openapi.ts uses — type
 * (one or a list), properties, required, items, enum, const, allOf, oneOf,
 * $ref within the document, minimum/maximum — and nothing else: an unknown
 * keyword is an error, so the document cannot use one this does not check.
 * Returns the problems found, each with its JSON path; [] when it conforms.
 */

type Schema = Record<string, unknown>;

const KNOWN = new Set([
  "type",
  "properties",
  "required",
  "items",
  "enum",
  "const",
  "allOf",
  "oneOf",
  "$ref",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
  "default",
  "format",
  "description",
]);

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith("#/")) throw new Error(`Only local $refs are supported: ${ref}`);
  let target: unknown = root;
  for (const part of ref.slice(2).split("/")) target = (target as Record<string, unknown> | undefined)?.[part];
  if (!target || typeof target !== "object") throw new Error(`Unresolvable $ref ${ref}`);
  return target as Schema;
}

export function schemaProblems(root: Schema, schema: Schema, value: unknown, path = "$"): string[] {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword)) throw new Error(`Unsupported schema keyword ${keyword} at ${path}`);
  }
  if (typeof schema.$ref === "string") return schemaProblems(root, resolveRef(root, schema.$ref), value, path);
  const problems: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const actual = typeOf(value);
    if (!types.some((type) => type === actual || (type === "number" && actual === "integer"))) {
      return [`${path}: ${actual} is not ${types.join(" or ")}`];
    }
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    problems.push(`${path}: ${String(value)} not in enum`);
  if ("const" in schema && schema.const !== value)
    problems.push(`${path}: ${String(value)} is not ${String(schema.const)}`);
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) problems.push(`${path}: below minimum`);
    if (typeof schema.maximum === "number" && value > schema.maximum) problems.push(`${path}: above maximum`);
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in object)) problems.push(`${path}: ${key} is missing`);
    }
    for (const [key, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
      if (key in object) problems.push(...schemaProblems(root, property, object[key], `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) =>
      problems.push(...schemaProblems(root, schema.items as Schema, item, `${path}[${index}]`)),
    );
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? [])
    problems.push(...schemaProblems(root, part, value, path));
  if (schema.oneOf) {
    const matching = (schema.oneOf as Schema[]).filter((part) => schemaProblems(root, part, value, path).length === 0);
    if (matching.length !== 1) problems.push(`${path}: matches ${matching.length} of oneOf's schemas, not exactly one`);
  }
  return problems;
}
