/**
 * schema.org Recipe items written as HTML microdata (`itemscope itemtype=".../Recipe"`, values
 * in `itemprop` elements), read as the plain objects JSON-LD would give, so one reader
 * (fromSchemaOrg) turns both into recipes. Read with regular expressions, not a DOM: the Edge
 * Function has none, and only the attributes and text of itemprop elements matter. A property
 * that is itself an item (an author Person) is taken as its text and its inner properties
 * skipped, so an author's name never becomes the recipe's.
 */

const RECIPE_SCOPE =
  /<[a-z][a-z0-9]*\b[^>]*\bitemtype\s*=\s*["']?https?:\/\/schema\.org\/Recipe["'\s>][^>]*>/gi;
const PROP = /<([a-z][a-z0-9]*)\b([^>]*\bitemprop\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*)>/gi;
const VOID = new Set(['img', 'meta', 'link', 'source', 'br', 'hr', 'input']);
/** Properties read once; every other one (ingredients, steps) is a list. */
const SINGLE = [
  'name',
  'description',
  'recipeYield',
  'totalTime',
  'prepTime',
  'cookTime',
  'author',
  'image',
  'url',
];

export function microdataNodes(html: string): Record<string, unknown>[] {
  const starts = [...html.matchAll(RECIPE_SCOPE)];
  return starts.map((start, i) => {
    const from = (start.index ?? 0) + start[0].length;
    const region = html.slice(from, starts[i + 1]?.index ?? html.length);
    const props: Record<string, string[]> = {};
    PROP.lastIndex = 0;
    for (let m = PROP.exec(region); m !== null; m = PROP.exec(region)) {
      const tag = (m[1] as string).toLowerCase();
      const attrs = m[2] as string;
      const names = (m[3] ?? m[4] ?? m[5] ?? '').split(/\s+/).filter(Boolean);
      let inner = VOID.has(tag) ? null : innerOf(region, PROP.lastIndex, tag);
      if (inner !== null && /\bitemscope\b/i.test(attrs)) {
        PROP.lastIndex = inner.end;
        // An item as a value (an author) stands for its name when it gives one.
        const named = /\bitemprop\s*=\s*["']?name["']?[^>]*>([^<]*)</i.exec(inner.html);
        if (named) inner = { html: named[1] as string, end: inner.end };
      }
      const value =
        attr(attrs, 'content') ??
        attr(attrs, 'datetime') ??
        (tag === 'img' || tag === 'source' ? attr(attrs, 'src') : null) ??
        (tag === 'a' || tag === 'link' ? attr(attrs, 'href') : null) ??
        inner?.html ??
        '';
      for (const name of names) props[name] = [...(props[name] ?? []), value];
    }
    const node: Record<string, unknown> = { '@type': 'Recipe' };
    for (const [name, values] of Object.entries(props))
      node[name] = SINGLE.includes(name) ? values[0] : values;
    return node;
  });
}

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/** The HTML inside an element opened just before `from`, to its matching close (same-name tags counted). */
function innerOf(html: string, from: number, tag: string): { html: string; end: number } {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m !== null; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return { html: html.slice(from, m.index), end: m.index + m[0].length };
  }
  return { html: html.slice(from), end: html.length };
}
