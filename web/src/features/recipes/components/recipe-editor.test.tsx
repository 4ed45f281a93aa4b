import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { FIELD_MESSAGES } from '../../../../../shared/limits/messages.ts';
import { testRecipe } from '../../../testing/recipes.ts';
import { renderAt } from '../../../testing/render.tsx';
import { requests } from '../../../testing/requests.ts';
import { closeEditor, editor, setEditorOptions } from '../editor-store.ts';
import { recipes, resetRecipes } from '../store.ts';
import { RecipeEditor } from './recipe-editor.tsx';

const INGREDIENTS = [
  { id: 1, name: 'egg' },
  { id: 2, name: 'milk' },
  { id: 3, name: 'plain flour' },
];
const UNITS = ['g', 'kg', 'mL', 'cup', 'tbsp', 'tsp', 'piece'].map((name, i) => ({ id: i + 1, name }));

const field = (label: string) => screen.getByLabelText(label, { exact: true });
function type(label: string, value: string, leave = true) {
  fireEvent.change(field(label), { target: { value } });
  if (leave) fireEvent.blur(field(label));
}

function renderEditor(id?: string) {
  const saved: string[] = [];
  renderAt('/recipes/new', <RecipeEditor userId="u" id={id} onSaved={(x) => saved.push(x)} />);
  return saved;
}

describe('RecipeEditor (issue 15: 1, 9)', () => {
  let fetch: MockInstance<typeof globalThis.fetch>;
  beforeEach(() => {
    recipes.loaded = true;
    setEditorOptions(INGREDIENTS, UNITS);
    // Every request would go to a server the unit tests do not run; no write may be sent.
    fetch = vi.spyOn(globalThis, 'fetch');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    closeEditor();
    resetRecipes();
    vi.restoreAllMocks();
  });

  it('says what is wrong next to portions 0, time -5 and quantity abc, and saves nothing', async () => {
    const saved = renderEditor();
    type('Recipe name', 'Pancakes');
    type('Portions', '0');
    type('Time (minutes)', '-5');
    type('Ingredient 1', 'egg');
    type('Quantity', 'abc');
    for (const [label, message] of [
      ['Portions', FIELD_MESSAGES.portions],
      ['Time (minutes)', FIELD_MESSAGES.duration],
      ['Quantity', FIELD_MESSAGES.lineQuantity],
    ] as const) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save recipe' }));
    await waitFor(() => expect(editor.saving).toBe(false));
    expect(requests(fetch).filter((r) => !r.startsWith('GET '))).toEqual([]);
    expect(saved).toEqual([]);
    // What was typed stays, to be fixed rather than typed again.
    expect(field('Portions')).toHaveValue('0');
    expect(field('Time (minutes)')).toHaveValue('-5');
    expect(field('Quantity')).toHaveValue('abc');
  });

  it('keeps every edit when the save fails, says why in plain words and offers Retry', async () => {
    const saved = renderEditor();
    type('Recipe name', 'Pancakes');
    type('Ingredient 1', 'egg');
    type('Quantity', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Save recipe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Larder could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(field('Recipe name')).toHaveValue('Pancakes');
    expect(field('Ingredient 1')).toHaveValue('egg');
    expect(field('Quantity')).toHaveValue('2');
  });

  it('refuses a 121-character name and an unknown ingredient on submit', async () => {
    renderEditor();
    type('Recipe name', 'x'.repeat(121), false);
    type('Ingredient 1', 'unobtainium', false);
    fireEvent.click(screen.getByRole('button', { name: 'Save recipe' }));
    expect(await screen.findByText(FIELD_MESSAGES.recipeNameLong)).toBeInTheDocument();
    expect(screen.getByText(/“unobtainium” is not an ingredient Larder knows/)).toBeInTheDocument();
    expect(requests(fetch).filter((r) => !r.startsWith('GET '))).toEqual([]);
  });

  it('clears a message as soon as the field is fixed', () => {
    renderEditor();
    type('Portions', '0');
    expect(screen.getByText(FIELD_MESSAGES.portions)).toBeInTheDocument();
    type('Portions', '4', false);
    expect(screen.queryByText(FIELD_MESSAGES.portions)).toBeNull();
    expect(field('Portions')).not.toHaveAttribute('aria-invalid');
  });

  it('preselects the unit an ingredient is measured in: eggs by the piece, milk by the cup, flour in grams', () => {
    renderEditor();
    type('Ingredient 1', 'egg');
    expect(field('Unit')).toHaveValue('piece');
    type('Ingredient 1', 'milk');
    expect(field('Unit')).toHaveValue('cup');
    type('Ingredient 1', 'plain flour');
    expect(field('Unit')).toHaveValue('');
    expect(within(field('Unit')).getByRole('option', { selected: true })).toHaveTextContent('g');
  });

  it('leaves a unit the person chose alone', () => {
    renderEditor();
    fireEvent.change(field('Unit'), { target: { value: 'tbsp' } });
    type('Ingredient 1', 'egg');
    expect(field('Unit')).toHaveValue('tbsp');
  });

  it('makes a line an import kept as text an ingredient line to finish, or removes it', () => {
    const imported = testRecipe({
      id: 'r2',
      name: 'Shortbread',
      user_id: 'u',
      is_default: false,
      text_lines: ['2 cups plain flour, sifted', 'a little patience'],
    });
    recipes.items = [imported];
    renderEditor('r2');
    expect(screen.getByText('Kept as text from the import')).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: 'Make it an ingredient line: 2 cups plain flour, sifted' }),
    );
    const line = editor.draft?.lines.at(-1);
    expect([line?.ingredient, line?.quantity, line?.unit, line?.note]).toEqual([
      'plain flour',
      '2',
      'cup',
      'sifted',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: a little patience' }));
    expect(screen.queryByText('Kept as text from the import')).toBeNull();
    expect(editor.draft?.textLines).toEqual([]);
  });

  it('keeps the draft when the recipe list is refreshed under it', () => {
    const mine = testRecipe({ id: 'r1', name: 'Soup', user_id: 'u', is_default: false, duration: null });
    recipes.items = [mine];
    renderEditor('r1');
    type('Recipe name', 'Pumpkin soup');
    recipes.items = [{ ...mine }];
    expect(field('Recipe name')).toHaveValue('Pumpkin soup');
  });
});
