import { z } from 'zod';
import { requireUser } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { callerClient } from '../_shared/clients.ts';
import { corsHeaders } from '../_shared/cors.ts';
import {
  type ImportedRecipe,
  indexIngredients,
  matchIngredient,
  parseIngredientLine,
  recipesInPage,
} from '../_shared/domain.ts';
import { HttpError, json } from '../_shared/http.ts';
import { safeFetch } from '../_shared/safe-fetch.ts';

const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** A page's photo before the browser scales it down: large enough for any recipe site's hero image. */
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** A pasted page source comes as JSON: a little more than the page itself. */
const MAX_BODY_BYTES = MAX_PAGE_BYTES + 64 * 1024;
const MAX_LINES = 200;

const Body = z
  .object({
    url: z
      .string({ error: 'url must be a web address.' })
      .max(2048, { error: 'url is too long.' })
      .optional(),
    html: z.string({ error: 'html must be the page source as text.' }).optional(),
    photo: z
      .string({ error: 'photo must be the web address of a photo.' })
      .max(2048, { error: 'photo is too long.' })
      .optional(),
    measures: z.enum(['au', 'us'], { error: "measures must be 'au' or 'us'." }).optional(),
  })
  .refine((b) => b.url !== undefined || b.html !== undefined || b.photo !== undefined, {
    error: 'Send the url of a recipe page, or its html.',
  });

/**
 * POST import-recipe `{url}` or `{html, url?}` → 200 `{recipes}` (issue 24): the schema.org
 * recipes on a web page, fetched server-side through safeFetch (public http/https only, 5
 * redirects, 10 s, 5 MB, HTML or JSON), or on a page source pasted in (for pages behind a
 * sign-in), each ingredient line read and matched to Larder's ingredients for the person to
 * review. Nothing is saved here.
 *
 * POST `{photo}` → 200, the bytes of the photo a page names (JPEG, PNG, WebP, AVIF or GIF, at
 * most 8 MB, through the same guard) as application/octet-stream: the browser cannot fetch
 * another site's image itself, and scales it down before storing it with the saved recipe.
 */
export async function importRecipeHandler(req: Request): Promise<Response> {
  const caller = requireUser(req);
  const input = await readJson(req, Body, MAX_BODY_BYTES);
  if (input.photo !== undefined && input.url === undefined && input.html === undefined) {
    const photo = await safeFetch(input.photo, {
      ...fetchOptions(),
      kind: 'photo',
      maxBytes: MAX_PHOTO_BYTES,
    });
    return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
      headers: { ...corsHeaders, 'Content-Type': 'application/octet-stream' },
    });
  }
  let page: { url: string | null; text: string };
  if (input.html !== undefined) page = { url: input.url ?? null, text: input.html };
  else {
    const fetched = await safeFetch(input.url as string, { ...fetchOptions(), maxBytes: MAX_PAGE_BYTES });
    page = { url: fetched.url, text: new TextDecoder().decode(fetched.bytes) };
  }
  const recipes = recipesInPage(page.text, page.url);
  if (recipes.length === 0) throw new HttpError(422, 'No recipe was found on that page.');

  const { data, error } = await callerClient(caller).from('ingredients').select('id, name');
  if (error) throw new Error(`loading ingredients failed: ${error.code} ${error.message}`);
  const index = indexIngredients(data);
  return json(200, { recipes: recipes.map((r) => reviewed(r, index, input.measures ?? 'au')) });
}

function reviewed(recipe: ImportedRecipe, index: ReturnType<typeof indexIngredients>, measures: 'au' | 'us') {
  if (recipe.ingredients.length > MAX_LINES) {
    throw new HttpError(
      400,
      `"${recipe.name}" has ${recipe.ingredients.length} ingredient lines; at most ${MAX_LINES} can be imported.`,
    );
  }
  return {
    ...recipe,
    lines: recipe.ingredients.map((text) => {
      const line = parseIngredientLine(text, measures);
      return { ...line, match: line.unread ? null : matchIngredient(line.name, index) };
    }),
  };
}

function fetchOptions() {
  return {
    allowHosts: allowHosts(),
    timeoutMs: Number(Deno.env.get('IMPORT_TIMEOUT_MS')) || 10_000,
  };
}

/** host:port pairs the guard lets through unchecked: only the local stack's fixture servers set any. */
function allowHosts(): Set<string> {
  return new Set(
    (Deno.env.get('IMPORT_ALLOW_HOSTS') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  );
}
