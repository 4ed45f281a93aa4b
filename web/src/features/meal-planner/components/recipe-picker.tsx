import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { formatDuration } from '../../../../../shared/mod.ts';
import { matchRecipes, type PlannerRecipe } from '../pick.ts';

/**
 * The recipe of a meal, as an ARIA 1.2 combobox (downshift's useCombobox): type to filter by
 * name, tag or ingredient, arrows to move, Enter to choose, Escape to close; the number of
 * matches is announced.
 */
export function RecipePicker({
  recipes,
  selected,
  onSelect,
}: {
  recipes: readonly PlannerRecipe[];
  selected: PlannerRecipe | null;
  onSelect: (recipe: PlannerRecipe | null) => void;
}) {
  const [query, setQuery] = useState(selected?.name ?? '');
  const items = useMemo(
    () => matchRecipes(recipes, query === selected?.name ? '' : query),
    [recipes, query, selected],
  );
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex, openMenu } =
    useCombobox<PlannerRecipe>({
      items,
      selectedItem: selected,
      itemToString: (r) => r?.name ?? '',
      initialInputValue: selected?.name ?? '',
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
      onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
      getA11yStatusMessage: ({ isOpen: open }) =>
        open
          ? `${items.length} ${items.length === 1 ? 'recipe' : 'recipes'} found. Use the arrow keys to choose.`
          : '',
    });
  return (
    <div className="field picker">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives htmlFor the input's id */}
      <label {...getLabelProps()}>Recipe</label>
      <input
        {...getInputProps({ onFocus: () => !isOpen && openMenu() })}
        placeholder="Type a name, tag or ingredient"
        autoComplete="off"
      />
      <ul {...getMenuProps()} className={`picker-menu${isOpen ? ' open' : ''}`}>
        {isOpen
          ? items.map((recipe, index) => (
              <li
                key={recipe.id}
                className={`picker-option${highlightedIndex === index ? ' active' : ''}${selected?.id === recipe.id ? ' chosen' : ''}`}
                {...getItemProps({ item: recipe, index })}
              >
                <span className="picker-name">{recipe.name}</span>
                <span className="picker-meta">
                  {[formatDuration(recipe.duration), ...recipe.tags.slice(0, 2)].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? <p className="picker-empty">No recipes match.</p> : null}
    </div>
  );
}
