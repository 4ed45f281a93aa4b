import type { Meal } from '../api.ts';
import type { PlannerCook, PlannerRecipe } from '../pick.ts';

/** The type dragged meals carry, so only meals are dropped on the grid. */
export const MEAL_DRAG_TYPE = 'application/x-larder-meal';

/** A planned meal in the grid: opens to change it, "Move to…" to move it, draggable with a mouse. */
export function MealCard({
  meal,
  where,
  recipe,
  cook,
  onOpen,
  onMove,
}: {
  meal: Meal;
  /** "Tuesday 1 December, dinner", for the buttons' names. */
  where: string;
  recipe: PlannerRecipe | undefined;
  cook: PlannerCook | undefined;
  onOpen: () => void;
  onMove: () => void;
}) {
  const name = recipe?.name ?? 'No recipe yet';
  return (
    <li
      className="meal-card"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(MEAL_DRAG_TYPE, meal.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <button type="button" className="meal-open" onClick={onOpen} aria-label={`${name}, ${where}. Change`}>
        <span className="meal-name">{name}</span>
        <span className="meal-meta">
          {cook ? `${cook.name} cooks` : 'Anyone cooks'}
          {meal.portions ? ` · ${meal.portions} portions` : ''}
          {meal.cooked_at ? ' · cooked' : ''}
        </span>
      </button>
      <button type="button" className="meal-move" onClick={onMove} aria-label={`Move ${name}, ${where}, to…`}>
        Move…
      </button>
    </li>
  );
}
