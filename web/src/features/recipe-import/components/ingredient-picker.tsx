import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import type { Named } from '../../../lib/reference-data.ts';

const SHOWN = 30;

/**
 * The Larder ingredient of an imported line, as an ARIA 1.2 combobox (downshift's useCombobox,
 * as the planner's recipe picker): type to filter, arrows to move, Enter to choose.
 */
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
  const [query, setQuery] = useState(selected?.name ?? '');
  const items = useMemo(() => {
    const q = query === selected?.name ? '' : query.trim().toLowerCase();
    return ingredients.filter((i) => i.name.toLowerCase().includes(q)).slice(0, SHOWN);
  }, [ingredients, query, selected]);
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex, openMenu } =
    useCombobox<Named>({
      items,
      selectedItem: selected,
      itemToString: (i) => i?.name ?? '',
      initialInputValue: selected?.name ?? '',
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
      onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
      getA11yStatusMessage: ({ isOpen: open }) =>
        open ? `${items.length} ${items.length === 1 ? 'ingredient' : 'ingredients'} found.` : '',
    });
  return (
    <div className="field picker">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives htmlFor the input's id */}
      <label {...getLabelProps()} className="visually-hidden">
        {label}
      </label>
      <input
        {...getInputProps({ onFocus: () => !isOpen && openMenu() })}
        placeholder="Type an ingredient"
        autoComplete="off"
      />
      <ul {...getMenuProps()} className={`picker-menu${isOpen ? ' open' : ''}`}>
        {isOpen
          ? items.map((ingredient, index) => (
              <li
                key={ingredient.id}
                className={`picker-option${highlightedIndex === index ? ' active' : ''}`}
                {...getItemProps({ item: ingredient, index })}
              >
                <span className="picker-name">{ingredient.name}</span>
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? <p className="picker-empty">No ingredients match.</p> : null}
    </div>
  );
}
