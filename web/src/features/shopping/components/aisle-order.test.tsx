import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aisleOrder } from '../../../../../shared/aisles/aisles.ts';
import { aisles } from '../aisles-store.ts';
import type { ShoppingItem } from '../api.ts';
import { AisleList } from './aisle-list.tsx';
import { AisleOrder } from './aisle-order.tsx';

const line = (id: string, name: string, category: string | null, checked = false): ShoppingItem => ({
  id,
  user_id: 'u',
  name,
  ingredient_id: null,
  quantity: 1,
  unit: null,
  checked,
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
  ingredients: category === null ? null : { shop_category: category },
});

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the list in aisle order (issue 25)', () => {
  // Offline, so a move is kept in this browser and waits to be sent (no server needed).
  beforeEach(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    Object.assign(aisles, { chain: 'coles', order: aisleOrder('coles', null), custom: false });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('groups lines by aisle in store order, Other after them and the ticked at the bottom', () => {
    const items = [
      line('1', 'milk', 'dairy-eggs'),
      line('2', 'pegs', null),
      line('3', 'apple', 'fruit-veg', true),
    ];
    render(<AisleList householdId="h" items={items} order={aisles.order} />);
    expect(headings()).toEqual(['Dairy and eggs', 'Other', 'In the trolley']);
    expect(screen.getByRole('list', { name: 'Shopping items' })).toBeTruthy();
  });

  it('moves an aisle with the keyboard and keeps the order for the household, offline too', () => {
    render(<AisleOrder householdId="h" />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Bakery up' }));
    expect(aisles.order.slice(0, 2)).toEqual(['bakery', 'fruit-veg']);
    const item = screen.getByText('Dairy and eggs').closest('li')!;
    fireEvent.keyDown(item, { key: 'ArrowUp', altKey: true });
    expect(aisles.order.slice(0, 4)).toEqual(['bakery', 'fruit-veg', 'dairy-eggs', 'meat-seafood']);
    const pending = JSON.parse(localStorage.getItem('larder:aisles-pending:h') ?? 'null');
    expect(pending.aisle_order.slice(0, 3)).toEqual(['bakery', 'fruit-veg', 'dairy-eggs']);
  });

  it('gives the focus back to the moved aisle once its new place is drawn, however late that is', async () => {
    // A busy phone can draw the next frame before the new order: the focus must wait for the order.
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      run(0);
      return 0;
    });
    render(<AisleOrder householdId="h" />);
    const down = screen.getByRole('button', { name: 'Move Fruit and vegetables down' });
    down.focus();
    await act(async () => {
      fireEvent.click(down);
    });
    expect(aisles.order.slice(0, 2)).toEqual(['bakery', 'fruit-veg']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Fruit and vegetables down' }),
    );
    // Back to the top: Up is disabled there, so the focus goes to the same aisle's Down.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move Fruit and vegetables up' }));
    });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Fruit and vegetables down' }),
    );
  });
});
