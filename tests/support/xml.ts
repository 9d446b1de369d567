/**
 * A strict little XML reader for the tests of feeds and sitemaps (no XML
 * parser is installed): it throws on anything not well-formed (unbalanced
 * or crossed tags, unquoted or repeated attributes, a raw `<` or `&` in
 * text, an unknown entity, text outside the root) and returns the element
 * tree, entities decoded.
 */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const NAME = "[A-Za-z_][\\w.:-]*";
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) {
    throw new Error(`Not well-formed XML: a raw '<' or '&' in ${where}: ${raw.slice(0, 60)}`);
  }
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, entity: string) =>
    entity.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
      : entity.startsWith("#")
        ? String.fromCodePoint(Number(entity.slice(1)))
        : ENTITIES[entity]!,
  );
}

function parseAttributes(source: string, tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = new RegExp(`\\s+(${NAME})\\s*=\\s*("([^"]*)"|'([^']*)')`, "y");
  let rest = source;
  while (rest.trim() !== "") {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) throw new Error(`Not well-formed XML: bad attributes in <${tag}${source}>`);
    const name = match[1]!;
    if (name in attributes) throw new Error(`Not well-formed XML: attribute ${name} twice in <${tag}>`);
    attributes[name] = decode(match[3] ?? match[4] ?? "", `an attribute of <${tag}>`);
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

export function parseXml(source: string): XmlElement {
  const body = source
    .replace(/^\uFEFF?<\?xml[^?]*\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\?[\s\S]*?\?>/g, "");
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  const token = new RegExp(
    `<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|<(/?)(${NAME})((?:\\s+[^<>]*?)?)\\s*(/?)>|([^<]+)|(<)`,
    "g",
  );
  for (const match of body.matchAll(token)) {
    const [, cdata, closing, name, attributeSource, selfClosing, text, stray] = match;
    const current = stack.at(-1)!;
    if (stray) throw new Error(`Not well-formed XML: a stray '<' at ${match.index}`);
    if (cdata !== undefined || text !== undefined) {
      const content = cdata ?? decode(text!, `<${current.name}>`);
      if (current === root && content.trim() !== "") throw new Error("Not well-formed XML: text outside the root");
      current.text += content;
      continue;
    }
    if (closing) {
      if (current.name !== name) throw new Error(`Not well-formed XML: </${name}> closes <${current.name}>`);
      stack.pop();
      continue;
    }
    const element: XmlElement = {
      name: name!,
      attributes: parseAttributes(attributeSource ?? "", name!),
      children: [],
      text: "",
    };
    if (current === root && root.children.length > 0) throw new Error("Not well-formed XML: two root elements");
    current.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`Not well-formed XML: <${stack.at(-1)!.name}> is never closed`);
  const [document] = root.children;
  if (!document) throw new Error("Not well-formed XML: no root element");
  return document;
}

/** Every descendant element with this name, in document order. */
export function elementsNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elementsNamed(child, name)]);
}
