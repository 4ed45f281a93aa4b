import { useCombobox } from 'downshift';
import { type ReactNode, useMemo, useState } from 'react';

/**
 * An ARIA 1.2 combobox (downshift's useCombobox) to pick one of many: type to filter, arrows to
 * move, Enter to choose, Escape to close; the number of matches is announced. The planner's
 * recipe picker and the import review's ingredient picker are this with their own filter.
 */
export function ComboPicker<T extends { id: string | number; name: string }>({
  label,
  hideLabel = false,
  noun,
  placeholder,
  selected,
  filter,
  onSelect,
  detail,
  chosenClass = false,
}: {
  label: string;
  hideLabel?: boolean;
  /** What an item is, singular and plural: ['recipe', 'recipes']. */
  noun: readonly [string, string];
  placeholder: string;
  selected: T | null;
  /** The items matching what is typed ('' while the input shows the selected item). */
  filter: (query: string) => T[];
  onSelect: (item: T | null) => void;
  detail?: (item: T) => ReactNode;
  chosenClass?: boolean;
}) {
  const [query, setQuery] = useState(selected?.name ?? '');
  const items = useMemo(() => filter(query === selected?.name ? '' : query), [filter, query, selected]);
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex, openMenu } =
    useCombobox<T>({
      items,
      selectedItem: selected,
      itemToString: (item) => item?.name ?? '',
      initialInputValue: selected?.name ?? '',
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
      onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
      getA11yStatusMessage: ({ isOpen: open }) =>
        open
          ? `${items.length} ${items.length === 1 ? noun[0] : noun[1]} found. Use the arrow keys to choose.`
          : '',
    });
  return (
    <div className="field picker">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives htmlFor the input's id */}
      <label {...getLabelProps()} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        {...getInputProps({ onFocus: () => !isOpen && openMenu() })}
        placeholder={placeholder}
        autoComplete="off"
      />
      <ul {...getMenuProps()} className={`picker-menu${isOpen ? ' open' : ''}`}>
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.id}
                className={`picker-option${highlightedIndex === index ? ' active' : ''}${chosenClass && selected?.id === item.id ? ' chosen' : ''}`}
                {...getItemProps({ item, index })}
              >
                <span className="picker-name">{item.name}</span>
                {detail ? <span className="picker-meta">{detail(item)}</span> : null}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? <p className="picker-empty">No {noun[1]} match.</p> : null}
    </div>
  );
}
