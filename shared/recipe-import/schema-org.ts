import { recipeMinutes } from './duration.ts';
import { microdataNodes } from './microdata.ts';
import { plainText } from './plain-text.ts';
import { importedTags } from './tags.ts';

/** A recipe as a web page or an export describes it, before its lines are read and matched. */
export interface ImportedRecipe {
  name: string;
  description: string | null;
  /** The ingredient lines as written. */
  ingredients: string[];
  /** The method, one step each (sections flattened in order). */
  steps: string[];
  portions: number | null;
  /** Total time in minutes. */
  duration: number | null;
  author: string | null;
  image: string | null;
  /** Its categories and cuisines as tags (importedTags); an app's export brings its own tags. */
  tags: string[];
  /** Where it came from, so importing it again updates it instead of adding it twice. */
  sourceUrl: string | null;
  sourceId: string | null;
}

/** A JSON object (not an array, not null): the shape every recipe reader looks inside. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function isRecipe(node: Record<string, unknown>): boolean {
  return asList(node['@type']).some((t) => typeof t === 'string' && t.replace(/^.*[/#:]/, '') === 'Recipe');
}

/** Every Recipe node in a JSON-LD document: top level, arrays, @graph, and nested main entities. */
function recipeNodes(value: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 6) return [];
  if (Array.isArray(value)) return value.flatMap((v) => recipeNodes(v, depth + 1));
  if (!isObject(value)) return [];
  if (isRecipe(value)) return [value];
  return [...recipeNodes(value['@graph'], depth + 1), ...recipeNodes(value.mainEntity, depth + 1)];
}

function steps(value: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof value === 'string') {
    return value
      .split(/\n+|<br\s*\/?>|<\/p>|<\/li>/i)
      .map(plainText)
      .filter(Boolean);
  }
  if (Array.isArray(value)) return value.flatMap((v) => steps(v, depth + 1));
  if (!isObject(value)) return [];
  if (value.itemListElement !== undefined) return steps(value.itemListElement, depth + 1);
  const text = plainText(value.text ?? value.name);
  return text ? [text] : [];
}

function portions(value: unknown): number | null {
  for (const v of asList(value)) {
    const n =
      typeof v === 'number'
        ? v
        : typeof v === 'string'
          ? Number(/\d+/.exec(v)?.[0] ?? Number.NaN)
          : Number.NaN;
    if (Number.isInteger(n) && n > 0) return n;
  }
  return null;
}

function author(value: unknown): string | null {
  for (const v of asList(value)) {
    const name = plainText(isObject(v) ? v.name : v);
    if (name) return name;
  }
  return null;
}

/** The first photo's address (a text, or an ImageObject's url), read against the page's address. */
function image(value: unknown, pageUrl: string | null): string | null {
  for (const v of asList(value)) {
    const url = isObject(v) ? (v.url ?? v.contentUrl) : v;
    if (typeof url !== 'string') continue;
    let address: URL;
    try {
      address = new URL(url.trim(), pageUrl ?? undefined);
    } catch {
      continue;
    }
    if (address.protocol === 'http:' || address.protocol === 'https:') return address.href;
  }
  return null;
}

/** One schema.org Recipe node as an imported recipe; null without a name. */
export function fromSchemaOrg(node: unknown, pageUrl: string | null = null): ImportedRecipe | null {
  if (!isObject(node)) return null;
  const name = plainText(node.name);
  if (name === '') return null;
  const url = typeof node.url === 'string' && /^https?:\/\//i.test(node.url) ? node.url : pageUrl;
  return {
    name,
    description: plainText(node.description) || null,
    ingredients: asList(node.recipeIngredient ?? node.ingredients)
      .map(plainText)
      .filter(Boolean),
    steps: steps(node.recipeInstructions),
    portions: portions(node.recipeYield),
    duration: recipeMinutes(node.totalTime, node.prepTime, node.cookTime),
    author: author(node.author),
    image: image(node.image, pageUrl),
    // Not its keywords: pages write them for search engines ('easy chicken dinner recipe'), and
    // a dozen of those on each of fifty recipes would bury the tag filter (Mealie leaves them too).
    tags: importedTags([node.recipeCategory, node.recipeCuisine], name),
    sourceUrl: url,
    sourceId: typeof node['@id'] === 'string' ? node['@id'] : url,
  };
}

/**
 * The recipes a web page describes in schema.org JSON-LD (`<script type="application/ld+json">`):
 * a Recipe at the top, in an array, in `@graph` or as a page's main entity, with its steps from
 * strings, HowToStep or HowToSection, its yield from text or a number and its times from ISO
 * 8601 durations. Malformed blocks are skipped; a page without a recipe gives `[]`.
 */
export function recipesInPage(html: string, pageUrl: string | null = null): ImportedRecipe[] {
  if (typeof html !== 'string') return [];
  const recipes: ImportedRecipe[] = [];
  const blocks = html.matchAll(
    /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi,
  );
  for (const block of blocks) {
    let json: unknown;
    try {
      json = JSON.parse((block[1] as string).trim());
    } catch {
      continue;
    }
    for (const node of recipeNodes(json)) {
      const recipe = fromSchemaOrg(node, pageUrl);
      if (recipe) recipes.push(recipe);
    }
  }
  // Pages without JSON-LD often still mark the recipe up in microdata.
  if (recipes.length === 0) {
    for (const node of microdataNodes(html)) {
      const recipe = fromSchemaOrg(node, pageUrl);
      if (recipe) recipes.push(recipe);
    }
  }
  return recipes;
}
