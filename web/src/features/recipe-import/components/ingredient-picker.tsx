import { useCallback } from 'react';
import { ComboPicker } from '../../../components/ui/combo-picker.tsx';
import type { Named } from '../../../lib/reference-data.ts';

const SHOWN = 30;

/** The Larder ingredient of an imported line, picked as the planner picks a recipe (ComboPicker). */
export function IngredientPicker({
  label,
  ingredients,
  selected,
  onSelect,
}: {
  label: string;
  ingredients: readonly Named[];
  selected: Named | null;
  onSelect: (ingredient: Named | null) => void;
}) {
  const filter = useCallback(
    (query: string) => {
      const q = query.trim().toLowerCase();
      return ingredients.filter((i) => i.name.toLowerCase().includes(q)).slice(0, SHOWN);
    },
    [ingredients],
  );
  return (
    <ComboPicker
      label={label}
      hideLabel
      noun={['ingredient', 'ingredients']}
      placeholder="Type an ingredient"
      selected={selected}
      filter={filter}
      onSelect={onSelect}
    />
  );
}
