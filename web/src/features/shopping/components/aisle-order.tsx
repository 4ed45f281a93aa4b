import { type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { SHOP_CATEGORY_NAMES, type ShopCategory } from '../../../../../shared/aisles/aisles.ts';
import { CHAIN_NAMES, CHAINS, type ChainKey } from '../../../../../shared/pricing/types.ts';
import { chooseChain, moveAisleTo, resetAisles, setSubtractWhenCooked, useAisles } from '../aisles-store.ts';
import { failed } from './shopping-row.tsx';

const AISLE_DRAG_TYPE = 'application/x-larder-aisle';

/**
 * The household's store: its chain and the order of its aisles, moved by dragging or with the
 * keyboard (the Up and Down buttons, or Alt+Arrow on an aisle), and whether cooking a meal takes
 * from the pantry.
 */
export function AisleOrder({ householdId }: { householdId: string }) {
  const { chain, order, custom, subtractWhenCooked } = useAisles();
  const [dragging, setDragging] = useState<ShopCategory | null>(null);
  // Moving the row re-orders the DOM, which drops the focus: it goes back to the same aisle's
  // button (the other one when this one is now disabled at the top or bottom) once the new order
  // is drawn. A frame's wait was not enough on a busy phone: the order could be drawn after it.
  const refocus = useRef<{ category: ShopCategory; way: 'up' | 'down' } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new order being drawn is the signal
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (wanted === null) return;
    refocus.current = null;
    const button = document.getElementById(
      `aisle-${wanted.way}-${wanted.category}`,
    ) as HTMLButtonElement | null;
    const other = document.getElementById(`aisle-${wanted.way === 'up' ? 'down' : 'up'}-${wanted.category}`);
    (button && !button.disabled ? button : other)?.focus();
  }, [order]);
  const move = (category: ShopCategory, to: number, focus?: 'up' | 'down') => {
    if (to < 0 || to >= order.length || order[to] === category) return;
    if (focus) refocus.current = { category, way: focus };
    void moveAisleTo(householdId, category, to).catch(failed('save the aisle order'));
  };
  const onKey = (e: KeyboardEvent, category: ShopCategory, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const up = e.key === 'ArrowUp';
    move(category, index + (up ? -1 : 1), up ? 'up' : 'down');
  };
  const onDrop = (e: DragEvent, index: number) => {
    const category = e.dataTransfer.getData(AISLE_DRAG_TYPE) as ShopCategory;
    e.preventDefault();
    setDragging(null);
    if (category) move(category, index);
  };
  return (
    <details className="card aisle-order">
      <summary>Your store and aisle order</summary>
      <label className="field">
        <span>Store</span>
        <select
          value={chain ?? ''}
          onChange={(e) =>
            void chooseChain(householdId, (e.target.value || null) as ChainKey | null).catch(
              failed('save the store'),
            )
          }
        >
          <option value="">Cheapest for the basket</option>
          {CHAINS.map((c) => (
            <option key={c} value={c}>
              {CHAIN_NAMES[c]}
            </option>
          ))}
        </select>
      </label>
      <ol className="aisle-order-list" aria-label="Aisle order">
        {order.map((category, index) => (
          <li
            key={category}
            draggable
            tabIndex={-1}
            className={dragging === category ? 'dragging' : undefined}
            onKeyDown={(e) => onKey(e, category, index)}
            onDragStart={(e) => {
              e.dataTransfer.setData(AISLE_DRAG_TYPE, category);
              e.dataTransfer.effectAllowed = 'move';
              setDragging(category);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, index)}
          >
            <span className="aisle-handle" aria-hidden="true">
              ⠿
            </span>
            <span className="aisle-label">{SHOP_CATEGORY_NAMES[category]}</span>
            {(['up', 'down'] as const).map((way) => (
              <button
                key={way}
                id={`aisle-${way}-${category}`}
                type="button"
                className="button small"
                disabled={way === 'up' ? index === 0 : index === order.length - 1}
                aria-label={`Move ${SHOP_CATEGORY_NAMES[category]} ${way}`}
                onClick={() => move(category, index + (way === 'up' ? -1 : 1), way)}
              >
                {way === 'up' ? 'Up' : 'Down'}
              </button>
            ))}
          </li>
        ))}
      </ol>
      {custom ? (
        <button
          type="button"
          className="button small"
          onClick={() => void resetAisles(householdId).catch(failed('reset the aisle order'))}
        >
          Use the store's usual order
        </button>
      ) : null}
      <label className="check check-sentence">
        <input
          type="checkbox"
          checked={subtractWhenCooked}
          onChange={(e) =>
            void setSubtractWhenCooked(householdId, e.target.checked).catch(failed('save the setting'))
          }
        />
        Take a meal's ingredients from the pantry when it is marked cooked
      </label>
    </details>
  );
}
