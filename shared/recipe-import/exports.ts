import { gunzipSync, strFromU8, type UnzipFileInfo, unzipSync } from 'fflate';
import { recipeMinutes } from './duration.ts';
import { plainText } from './plain-text.ts';
import type { ImportSource } from './save.ts';
import { fromSchemaOrg, type ImportedRecipe, isObject } from './schema-org.ts';
import { importedTags } from './tags.ts';

/**
 * Reading export files in the browser (docs/decisions.md, "Importing recipes"): Mealie's (a zip
 * of JSON), Tandoor's (a zip of zipped recipe.json and image), Paprika's .paprikarecipes (a zip
 * of gzipped JSON), KitchenOwl's (one JSON file) and a plain schema.org JSON file (Grocy's
 * database: grocy.ts). fflate does the (de)compression; the caps
 * below stop a zip bomb before it is expanded (declared sizes) and again after (actual sizes).
 */
export const EXPORT_CAPS = {
  /** A file of 50 MB or more is refused unread. */
  fileBytes: 50 * 1024 * 1024,
  /** All entries expanded, nested ones included. */
  expandedBytes: 200 * 1024 * 1024,
  entries: 5000,
  /** Expanded ÷ compressed, for entries over 1 MB expanded (JSON is about 10:1; a bomb is 1000:1). */
  ratio: 100,
  /** How many ingredient lines one recipe may have. */
  lines: 200,
} as const;

export class ExportError extends Error {}

export interface ExportRecipe {
  recipe: ImportedRecipe;
  source: ImportSource;
  photo: { bytes: Uint8Array; type: string } | null;
}

interface Budget {
  expanded: number;
  entries: number;
}

/** Refuses a file of 50 MB or more before it is read, whatever its kind. */
export function checkExportSize(fileName: string, bytes: Uint8Array): void {
  if (bytes.length >= EXPORT_CAPS.fileBytes)
    throw new ExportError(`${fileName} is 50 MB or more; export fewer recipes at a time.`);
}

/** The recipes of an export file, or an ExportError saying in words why the file is refused. */
export function readExport(fileName: string, bytes: Uint8Array): ExportRecipe[] {
  checkExportSize(fileName, bytes);
  const budget: Budget = { expanded: 0, entries: 0 };
  if (!isZip(bytes)) return fromJsonFile(fileName, strFromU8(bytes));
  const entries = unzipCapped(bytes, budget, fileName);
  const names = Object.keys(entries);
  if (/\.paprikarecipes$/i.test(fileName) || names.some((n) => n.endsWith('.paprikarecipe')))
    return names
      .filter((n) => n.endsWith('.paprikarecipe'))
      .map((n) => paprika(gunzipCapped(entries[n] as Uint8Array, budget, n)));
  if (names.some((n) => n.endsWith('.zip'))) {
    return names
      .filter((n) => n.endsWith('.zip'))
      .map((n) => tandoor(unzipCapped(entries[n] as Uint8Array, budget, n), n));
  }
  return names.filter((n) => n.endsWith('.json')).flatMap((n) => mealieFile(entries, n));
}

/** Grocy's data folder, zipped as its backup: its database and its recipes' pictures. */
export interface GrocyArchive {
  db: Uint8Array;
  /** Each picture by its file name (recipes.picture_file_name). */
  pictures: Map<string, NonNullable<ExportRecipe['photo']>>;
}

const GROCY_DB = /(^|\/)grocy\.db$/;
const GROCY_PICTURE = /(^|\/)recipepictures\/([^/]+\.(?:jpe?g|png|webp))$/i;

/**
 * Grocy's data folder zipped (as people back it up: grocy.db, and storage/recipepictures beside
 * it), or null when the file is not such a zip. Only the database and the recipes' pictures are
 * expanded, under the same caps as any export; the rest of the folder is left unread.
 */
export function grocyArchive(fileName: string, bytes: Uint8Array): GrocyArchive | null {
  checkExportSize(fileName, bytes);
  if (!(bytes instanceof Uint8Array) || !isZip(bytes)) return null;
  const budget: Budget = { expanded: 0, entries: 0 };
  const entries = unzipCapped(bytes, budget, fileName, (n) => GROCY_DB.test(n) || GROCY_PICTURE.test(n));
  // The folder's own database, nearest the top: a copy kept in a backups folder is older.
  const db = Object.keys(entries)
    .filter((n) => GROCY_DB.test(n))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (!db) return null;
  const pictures = new Map<string, NonNullable<ExportRecipe['photo']>>();
  for (const [name, picture] of Object.entries(entries)) {
    const file = GROCY_PICTURE.exec(name)?.[2];
    if (file) pictures.set(file, { bytes: picture, type: imageType(file) });
  }
  return { db: entries[db] as Uint8Array, pictures };
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

function unzipCapped(
  bytes: Uint8Array,
  budget: Budget,
  what: string,
  wanted: (name: string) => boolean = () => true,
): Record<string, Uint8Array> {
  let problem: string | null = null;
  const filter = (file: UnzipFileInfo) => {
    if (problem || !wanted(file.name)) return false;
    budget.entries++;
    budget.expanded += file.originalSize;
    if (/(^|[\\/])\.\.([\\/]|$)/.test(file.name) || /^([\\/]|[a-z]:)/i.test(file.name))
      problem = `${what} has an entry named "${file.name}" outside the export; the file is refused.`;
    else if (budget.entries > EXPORT_CAPS.entries)
      problem = `${what} has more than ${EXPORT_CAPS.entries} entries.`;
    else if (budget.expanded > EXPORT_CAPS.expandedBytes) problem = `${what} expands to more than 200 MB.`;
    else if (file.originalSize > 1024 * 1024 && file.originalSize > file.size * EXPORT_CAPS.ratio)
      problem = `${what}: "${file.name}" expands more than ${EXPORT_CAPS.ratio} times; the file is refused.`;
    return problem === null && !file.name.endsWith('/');
  };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter });
  } catch {
    throw new ExportError(`${what} is not a zip file that can be read.`);
  }
  if (problem) throw new ExportError(problem);
  return entries;
}

function gunzipCapped(bytes: Uint8Array, budget: Budget, what: string): string {
  // The gzip trailer's last 4 bytes are the expanded size (mod 4 GB): checked before expanding.
  const declared =
    bytes.length >= 4
      ? new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4).getUint32(0, true)
      : 0;
  if (
    budget.expanded + declared > EXPORT_CAPS.expandedBytes ||
    (declared > 1024 * 1024 && declared > bytes.length * EXPORT_CAPS.ratio)
  )
    throw new ExportError(`${what} expands too far; the file is refused.`);
  let out: Uint8Array;
  try {
    out = gunzipSync(bytes);
  } catch {
    throw new ExportError(`${what} is not a gzipped recipe.`);
  }
  budget.expanded += out.length;
  if (budget.expanded > EXPORT_CAPS.expandedBytes)
    throw new ExportError(`${what} expands to more than 200 MB.`);
  return strFromU8(out);
}

function parse(text: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // falls through to the message below
  }
  throw new ExportError(`${what} is not a JSON recipe.`);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const lines = (v: unknown): string[] =>
  typeof v === 'string' ? v.split(/\r?\n/).map(plainText).filter(Boolean) : [];
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function checked(recipe: ImportedRecipe, what: string): ImportedRecipe {
  if (recipe.ingredients.length > EXPORT_CAPS.lines)
    throw new ExportError(
      `"${recipe.name}" (${what}): ${recipe.ingredients.length} ingredient lines, at most ${EXPORT_CAPS.lines}.`,
    );
  return recipe;
}

function fromJsonFile(fileName: string, text: string): ExportRecipe[] {
  const json = parse(text, fileName);
  if (!Array.isArray(json) && json['@type'] === undefined && Array.isArray(json.recipes))
    return json.recipes.flatMap(kitchenOwl);
  const nodes = Array.isArray(json) ? json : [json];
  return nodes.flatMap((node) => {
    // A recipe copied from Mealie's JSON editor or its API: no @type, a slug.
    if (isObject(node) && node['@type'] === undefined && typeof node.slug === 'string')
      return mealie(node, fileName, null);
    const recipe = fromSchemaOrg(node);
    return recipe ? [{ recipe: checked(recipe, fileName), source: 'schema-org' as const, photo: null }] : [];
  });
}

/** Paprika: name, ingredients and directions as text, servings, times as typed, categories, source_url, uid, photo_data (base64 JPEG). */
function paprika(text: string): ExportRecipe {
  const p = parse(text, 'a Paprika recipe');
  const name = plainText(p.name);
  const photo = str(p.photo_data);
  return {
    recipe: checked(
      {
        name,
        description: str(p.description),
        ingredients: lines(p.ingredients),
        steps: markdownSteps(p.directions),
        portions: int(p.servings),
        duration: recipeMinutes(p.total_time, p.prep_time, p.cook_time),
        author: null,
        image: null,
        tags: importedTags([p.categories], name),
        sourceUrl: str(p.source_url),
        sourceId: str(p.uid),
      },
      'Paprika',
    ),
    source: 'paprika',
    photo: photo ? { bytes: base64(photo), type: 'image/jpeg' } : null,
  };
}

/**
 * Tandoor: each recipe a zip of recipe.json (steps with structured ingredients and a Markdown
 * instruction, minutes, keywords) and image.*.
 */
function tandoor(entries: Record<string, Uint8Array>, what: string): ExportRecipe {
  const t = parse(strFromU8(entries['recipe.json'] ?? new Uint8Array()), what);
  const steps = (Array.isArray(t.steps) ? t.steps : []).filter(isObject);
  const nameOf = (v: unknown) => (isObject(v) ? (str(v.name) ?? '') : '');
  const ingredients = steps.flatMap((s) =>
    (Array.isArray(s.ingredients) ? s.ingredients : [])
      .filter(isObject)
      // A header is a section's title ("For the sauce"), not something to buy.
      .filter((i) => i.is_header !== true)
      .map((i) =>
        plainText(
          [
            i.no_amount === true ? '' : i.amount || '',
            nameOf(i.unit),
            nameOf(i.food),
            str(i.note) ? `, ${str(i.note)}` : '',
          ]
            .join(' ')
            .replace(/ ,/, ','),
        ).replace(/^, /, ''),
      ),
  );
  const image = Object.keys(entries).find((n) => /^image\.(jpe?g|png|webp)$/i.test(n));
  return {
    recipe: checked(
      {
        name: plainText(t.name),
        description: str(t.description),
        ingredients: ingredients.filter(Boolean),
        steps: steps.flatMap((s) => markdownSteps(s.instruction)),
        portions: int(t.servings),
        duration: recipeMinutes(null, t.working_time, t.waiting_time),
        author: null,
        image: null,
        tags: importedTags([t.keywords], plainText(t.name)),
        sourceUrl: str(t.source_url),
        sourceId: str(t.source_url) ?? what,
      },
      'Tandoor',
    ),
    source: 'tandoor',
    photo: image ? { bytes: entries[image] as Uint8Array, type: imageType(image) } : null,
  };
}

/** Mealie's export zip: recipes/<slug>/<slug>.json, with its images beside it. */
function mealieFile(entries: Record<string, Uint8Array>, name: string): ExportRecipe[] {
  const m = parse(strFromU8(entries[name] as Uint8Array), name);
  const folder = name.replace(/[^/]*$/, '');
  const image = Object.keys(entries).find((n) => n.startsWith(folder) && /\.(jpe?g|png|webp)$/i.test(n));
  return mealie(m, name, image ? { bytes: entries[image] as Uint8Array, type: imageType(image) } : null);
}

/**
 * One Mealie recipe, in either key style: snake_case as its export zip writes it, camelCase as
 * its API and its recipe page's JSON editor do. Ingredients are objects (their text as written,
 * else as Mealie shows it, else the note); servings are recipe_servings, or the yield's number;
 * times are in words; tags and categories come as items with names.
 */
function mealie(m: Record<string, unknown>, what: string, photo: ExportRecipe['photo']): ExportRecipe[] {
  const get = (snake: string, camel: string) => m[snake] ?? m[camel];
  const ingredients = get('recipe_ingredient', 'recipeIngredient');
  if (!Array.isArray(ingredients)) return [];
  if (ingredients.every((i) => typeof i === 'string')) {
    const recipe = fromSchemaOrg({ ...m, '@type': 'Recipe' });
    return recipe ? [{ recipe: checked(recipe, what), source: 'schema-org', photo: null }] : [];
  }
  const line = (i: unknown) =>
    typeof i === 'string'
      ? plainText(i)
      : isObject(i)
        ? plainText(i.original_text ?? i.originalText ?? i.display ?? i.note)
        : '';
  const instructions = get('recipe_instructions', 'recipeInstructions');
  const name = plainText(m.name);
  return [
    {
      recipe: checked(
        {
          name,
          description: str(m.description),
          ingredients: ingredients.map(line).filter(Boolean),
          steps: (Array.isArray(instructions) ? instructions : []).flatMap((s) =>
            markdownSteps(isObject(s) ? s.text : s),
          ),
          portions: int(get('recipe_servings', 'recipeServings')) ?? int(get('recipe_yield', 'recipeYield')),
          duration: recipeMinutes(
            get('total_time', 'totalTime'),
            get('prep_time', 'prepTime'),
            get('perform_time', 'performTime') ?? get('cook_time', 'cookTime'),
          ),
          author: null,
          image: null,
          tags: importedTags([get('recipe_category', 'recipeCategory'), m.tags], name),
          sourceUrl: str(get('org_url', 'orgURL')),
          sourceId: str(m.id) ?? str(m.slug),
        },
        'Mealie',
      ),
      source: 'mealie',
      photo,
    },
  ];
}

/**
 * KitchenOwl: its household export (or its recipes export) is one JSON file whose `recipes` each
 * have a name, the method as Markdown in `description` (ingredients referred to as @name), times
 * in minutes (`time`, `prep_time`, `cook_time`; 0 when not filled in), `yields`, `source`,
 * `items` ({name, description: the amount, optional}) and `tags`. It has no id of its own, so a
 * re-import finds a recipe by its source address, else its name; its photos stay on its server.
 */
function kitchenOwl(k: unknown): ExportRecipe[] {
  if (typeof k !== 'object' || k === null) return [];
  const r = k as Record<string, unknown>;
  const name = plainText(r.name);
  const items = (Array.isArray(r.items) ? r.items : []) as Record<string, unknown>[];
  return [
    {
      recipe: checked(
        {
          name,
          description: null,
          ingredients: items
            .map((i) =>
              plainText(
                `${str(i?.description) ?? ''} ${str(i?.name) ?? ''}${i?.optional === true ? ', optional' : ''}`,
              ),
            )
            .filter((line) => line !== '' && line !== ', optional'),
          steps: markdownSteps(r.description),
          portions: int(r.yields),
          duration: recipeMinutes(r.time, r.prep_time, r.cook_time),
          author: null,
          image: null,
          tags: importedTags([r.tags], name),
          sourceUrl: str(r.source),
          sourceId: null,
        },
        'KitchenOwl',
      ),
      source: 'kitchenowl',
      photo: null,
    },
  ];
}

/**
 * A method written as text or Markdown (KitchenOwl's, Tandoor's and Mealie's steps, Paprika's
 * directions) as steps: one a line, without the numbers and marks of a list (Larder numbers its
 * steps), headings' #s or emphasis; KitchenOwl's @flour_tin is 'flour tin'.
 */
function markdownSteps(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((line) =>
      plainText(
        line
          .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d{1,3}[.)]\s+)/, '')
          .replace(/\*\*|__/g, '')
          .replace(/@([\p{L}\p{N}_]+)/gu, (_m, ref: string) => ref.replaceAll('_', ' ')),
      ),
    )
    .filter(Boolean);
}

function imageType(name: string): string {
  return /\.png$/i.test(name) ? 'image/png' : /\.webp$/i.test(name) ? 'image/webp' : 'image/jpeg';
}

function base64(text: string): Uint8Array {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}
