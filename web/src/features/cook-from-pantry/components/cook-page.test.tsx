import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CookableRecipe } from '../../../../../shared/cook-from-pantry/coverage.ts';
import type { RecipeLine } from '../../../../../shared/nutrition/types.ts';
import { priceRecord } from '../../../../../shared/testing/lines.ts';
import { cook, resetCook } from '../store.ts';
import { type CookActions, CookPage } from './cook-page.tsx';

const line = (id: number, name: string, quantity: string, unit: string): RecipeLine => ({
  quantity,
  measurements: { name: unit },
  ingredients: { id, name, protein: 0, carbs: 0, fats: 0, calories: 0 },
});
const recipes: CookableRecipe[] = [
  { id: 'om', name: 'Omelette', portions: 1, recipe_ingredients: [line(2, 'egg', '3', 'piece')] },
  { id: 'bu', name: 'Burgers', portions: 4, recipe_ingredients: [line(3, 'lean beef mince', '500', 'g')] },
];
const prices = new Map([[3, priceRecord({ coles_measure: '500g', coles_unit_price_current: 8 })]]);
const pantry = [{ name: 'egg', ingredient_id: 2, quantity: 6, unit: 'piece' }];
const actions = (): CookActions => ({
  onAddMissing: vi.fn(async () => {}),
  onPlan: vi.fn(async () => {}),
  onPlanLeftover: vi.fn(async () => {}),
  onMarkStaple: vi.fn(async () => {}),
  onUnmarkStaple: vi.fn(async () => {}),
});
const page = (props: Partial<Parameters<typeof CookPage>[0]> = {}) => (
  <CookPage
    recipes={recipes}
    pantry={pantry}
    prices={prices}
    planned={[]}
    plannedIds={new Set()}
    dates={['2026-11-27', '2026-11-28']}
    freeDays={['2026-11-28']}
    ready
    actions={actions()}
    {...props}
  />
);

describe('CookPage', () => {
  afterEach(() => resetCook());

  it('shows it is loading until the recipes, pantry, prices and staples are in', () => {
    render(page());
    expect(screen.getByText('Loading what you can cook...')).toBeTruthy();
  });

  it('lists what the pantry allows, what the rest costs, and filters to "can cook now"', async () => {
    cook.loaded = true;
    const acts = actions();
    render(page({ actions: acts }));
    const burgers = screen.getByRole('article', { name: 'Burgers' });
    expect(within(burgers).getByText('1 item short')).toBeTruthy();
    expect(within(burgers).getByText(/\$8\.00 at Coles \(\$2\.00 a portion\)/)).toBeTruthy();
    fireEvent.click(within(burgers).getByRole('button', { name: 'Add missing to list' }));
    expect(acts.onAddMissing).toHaveBeenCalledWith(expect.objectContaining({ recipeId: 'bu' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Can cook now' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Burgers' })).toBeNull());
    expect(within(screen.getByRole('article', { name: 'Omelette' })).getByText('Can cook now')).toBeTruthy();
  });

  it('asks for whole things of what is counted, as the list writes them: 1 2/3 eggs short is egg · 2', () => {
    cook.loaded = true;
    const pancakes: CookableRecipe = {
      id: 'pa',
      name: 'Pancakes',
      portions: 1,
      recipe_ingredients: [line(2, 'egg', '7.667', 'piece')],
    };
    render(page({ recipes: [pancakes] }));
    const card = screen.getByRole('article', { name: 'Pancakes' });
    const missing = within(card).getAllByRole('listitem')[0]?.querySelector('span');
    expect(missing?.textContent).toBe('egg · 2');
  });

  it('lists a recipe far from the pantry by its first four needs, the rest on request', () => {
    cook.loaded = true;
    const names = ['flour', 'sugar', 'butter', 'oats', 'cream', 'jam'];
    const scones: CookableRecipe = {
      id: 'sc',
      name: 'Scones',
      portions: 8,
      recipe_ingredients: names.map((n, i) => line(10 + i, n, '100', 'g')),
    };
    render(page({ recipes: [scones], pantry: [] }));
    const card = screen.getByRole('article', { name: 'Scones' });
    const more = within(card).getByText('2 more missing').closest('details') as HTMLElement;
    const first = within(card).getAllByRole('list')[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['flour · 100 g', 'sugar · 100 g', 'butter · 100 g', 'oats · 100 g']);
    expect(within(more).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    // Five missing are shown whole: folding one away would save nothing.
    const fiveShort = {
      ...scones,
      id: 'f5',
      name: 'Five short',
      recipe_ingredients: scones.recipe_ingredients.slice(0, 5),
    };
    render(page({ recipes: [fiveShort], pantry: [] }));
    const five = screen.getByRole('article', { name: 'Five short' });
    expect(within(five).queryByText(/more missing/)).toBeNull();
    expect(within(five).getAllByRole('listitem')).toHaveLength(5);
  });

  it('says when there are no recipes, no prices, and when the staples could not be loaded', () => {
    Object.assign(cook, { loaded: true, error: 'Your staples could not be loaded.' });
    render(page({ recipes: [], prices: new Map() }));
    expect(screen.getByText('No recipes yet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Prices are unavailable right now/);
    expect(screen.getByRole('alert').textContent).toBe('Your staples could not be loaded.');
  });

  it('says why every recipe is short while the pantry is empty, and where to fill it', () => {
    cook.loaded = true;
    const { unmount } = render(page({ pantry: [] }));
    const note = screen.getByText(/Your pantry is empty/);
    expect(note.textContent).toBe(
      'Your pantry is empty, so every recipe shows all it needs. Add what you have to the pantry, or put your shopping away once it is ticked.',
    );
    expect(
      within(note).getByRole('link', { name: 'Add what you have to the pantry' }).getAttribute('href'),
    ).toBe('/pantry');
    unmount();
    render(page());
    expect(screen.queryByText(/Your pantry is empty/)).toBeNull();
  });
});
