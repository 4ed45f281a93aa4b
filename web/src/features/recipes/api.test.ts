import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecipe, type RecipeInput, updateRecipe } from './api.ts';

const input: RecipeInput = {
  name: 'Pancakes',
  portions: 2,
  duration: 10,
  description: null,
  steps: [],
  tags: [],
  meal_type: null,
  lines: [{ ingredient_id: 1, quantity: null, measurement_id: null, note: null }],
  text_lines: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = () =>
  json(400, {
    code: '23514',
    message: 'new row for relation "recipe_ingredients" violates check constraint "x"',
    details: null,
    hint: null,
  });

/** The requests the app sent (method and table), answering each with `answer`. */
function server(answer: (method: string, url: URL) => Response) {
  const sent: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (request, init) => {
    const url = new URL(String(request instanceof Request ? request.url : request));
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${url.pathname.replace('/rest/v1/', '')}`);
    return answer(method, url);
  });
  return sent;
}

describe('saving a recipe never loses what was saved before (issue 15: 1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('adds the new lines before deleting the old ones, so a refused line deletes nothing', async () => {
    const sent = server((method, url) =>
      url.pathname.endsWith('recipe_ingredients') && method === 'POST' ? refused() : json(200, []),
    );
    await expect(updateRecipe('r1', input)).rejects.toMatchObject({ code: '23514' });
    expect(sent).toEqual(['PATCH recipes', 'POST recipe_ingredients']);
  });

  it('deletes only the old lines once the new ones are in', async () => {
    const sent = server((method) => (method === 'POST' ? json(201, [{ id: 'new-1' }]) : json(200, [])));
    await updateRecipe('r1', input);
    expect(sent).toEqual(['PATCH recipes', 'POST recipe_ingredients', 'DELETE recipe_ingredients']);
  });

  it('leaves no half-saved new recipe behind when its lines are refused', async () => {
    const sent = server((method, url) => {
      if (url.pathname.endsWith('recipes') && method === 'POST') return json(201, { id: 'r9' });
      if (method === 'POST') return refused();
      return json(200, []);
    });
    await expect(createRecipe('u', input)).rejects.toMatchObject({ code: '23514' });
    expect(sent).toEqual(['POST recipes', 'POST recipe_ingredients', 'DELETE recipes']);
  });
});
