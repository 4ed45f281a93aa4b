import { useState } from 'react';
import { OwnIngredientDialog } from '../../recipes/components/own-ingredient-dialog.tsx';
import { type ReviewLine as Line, needsCheck } from '../review.ts';
import { keepAsText, ownIngredientFor, rematch, useImporter } from '../store.ts';
import { IngredientPicker } from './ingredient-picker.tsx';

/** One imported line: as written, as read, the ingredient it matched (marked when unsure), and the choices. */
export function ReviewLine({ r, l, line }: { r: number; l: number; line: Line }) {
  const { ingredients } = useImporter();
  const [owning, setOwning] = useState(false);
  const { parsed } = line;
  const check = needsCheck(line);
  return (
    <li className={`import-line${check ? ' needs-check' : ''}${line.asText ? ' as-text' : ''}`}>
      <p className="import-text">{parsed.text}</p>
      <p className="muted small">
        {parsed.unread
          ? 'Could not be read as amount, unit and ingredient.'
          : [parsed.quantity, parsed.unit, parsed.name].filter(Boolean).join(' ') +
            (parsed.note ? `, ${parsed.note}` : '')}
      </p>
      {line.asText ? (
        <p className="muted small">Kept as text: not counted in nutrition or price.</p>
      ) : check ? (
        <p className="import-check small">Check this match: {line.ingredient?.name}.</p>
      ) : null}
      <div className="row">
        <IngredientPicker
          label={`Ingredient for “${parsed.text}”`}
          ingredients={ingredients}
          selected={line.asText ? null : line.ingredient}
          onSelect={(ingredient) => rematch(r, l, ingredient)}
        />
        <label>
          <input type="checkbox" checked={line.asText} onChange={(e) => keepAsText(r, l, e.target.checked)} />{' '}
          Keep as text
        </label>
        <button type="button" className="button small" onClick={() => setOwning(true)}>
          Make my own ingredient
        </button>
      </div>
      {owning ? (
        <OwnIngredientDialog
          name={parsed.name || parsed.text}
          ingredients={ingredients}
          onSave={(input) => ownIngredientFor(r, l, input)}
          onClose={() => setOwning(false)}
        />
      ) : null}
    </li>
  );
}
