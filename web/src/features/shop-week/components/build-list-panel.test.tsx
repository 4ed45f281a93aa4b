import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../testing/render.tsx';
import type { PlanRecipe } from '../plan.ts';
import { setRange } from '../store.ts';
import { BuildListPanel } from './build-list-panel.tsx';

const dates = ['2026-11-29', '2026-11-30', '2026-12-01'];
const flour = { id: 1, name: 'plain flour', protein: 10, carbs: 76, fats: 1, calories: 364 };
const damper: PlanRecipe = {
  id: 'r1',
  name: 'Damper',
  portions: 4,
  meal_type: null,
  recipe_ingredients: [{ quantity: '400', measurements: { name: 'g' }, ingredients: flour }],
};
const meal = { id: 'm1', date: '2026-11-30', recipe_id: 'r1', cook_id: null, slot: 'dinner' };

function panel(meals: (typeof meal)[], built: boolean) {
  return (
    <BuildListPanel
      dates={dates}
      meals={meals}
      recipes={[damper]}
      pantry={[]}
      ready
      built={built}
      onBuilt={() => undefined}
    />
  );
}

describe('BuildListPanel', () => {
  // The range is the store's: back to the whole window for the next test.
  afterEach(() => setRange(dates[0]!, dates[dates.length - 1]!));

  it('shows the days and meals until the list has the plan’s lines, then folds them away', async () => {
    const days = () => screen.getByText('Days and meals').closest('details');
    const first = renderAt('/shopping', panel([meal], false));
    expect(days()).toHaveAttribute('open');
    expect(screen.getByRole('checkbox', { name: /Mon dinner/ })).toBeChecked();
    expect(screen.getByText('1 line to buy.')).toBeInTheDocument();
    first.unmount();

    renderAt('/shopping', panel([meal], true));
    expect(days()).not.toHaveAttribute('open');
    expect(screen.getByText('Sun, 29 Nov to Tue, 1 Dec · 1 of 1 meal')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Days and meals'));
    expect(days()).toHaveAttribute('open');
  });

  it('with nothing planned offers the planner, not a build of nothing, and folds the days away', () => {
    renderAt('/shopping', panel([], false));
    expect(screen.getByText('Sun, 29 Nov to Tue, 1 Dec · no meals planned')).toBeInTheDocument();
    expect(screen.getByText('Days and meals').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'Plan some on the planner' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Plan some on the planner' })).toHaveAttribute(
      'href',
      '/planner',
    );
    expect(screen.queryByRole('button', { name: 'Build shopping list' })).toBeNull();
  });

  it('with meals planned on other days than those chosen, the days stay open to choose again', async () => {
    renderAt('/shopping', panel([{ ...meal, date: '2026-12-01' }], false));
    await userEvent.selectOptions(screen.getByLabelText('To'), '2026-11-30');
    expect(screen.getByText('Days and meals').closest('details')).toHaveAttribute('open');
    expect(screen.getByText('No meals with a recipe are planned in these days.')).toBeInTheDocument();
  });

  it('with nothing planned but the plan’s lines on the list, a build takes them off', () => {
    renderAt('/shopping', panel([], true));
    expect(screen.getByRole('button', { name: 'Build shopping list' })).toBeEnabled();
  });
});
