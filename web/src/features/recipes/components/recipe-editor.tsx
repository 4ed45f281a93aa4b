import { type FormEvent, useEffect, useId, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ingredientOptions, measurementOptions, type Named } from '../../../lib/reference-data.ts';
import type { Recipe, RecipeInput } from '../api.ts';
import { loadRecipes, saveRecipe, useRecipes } from '../store.ts';

interface LineDraft {
  key: number;
  ingredient: string;
  quantity: string;
  unit: string;
  note: string;
}

let nextKey = 1;
const emptyLine = (): LineDraft => ({ key: nextKey++, ingredient: '', quantity: '', unit: '', note: '' });

function toDrafts(recipe: Recipe | undefined): LineDraft[] {
  if (!recipe || recipe.recipe_ingredients.length === 0) return [emptyLine()];
  return [...recipe.recipe_ingredients]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      key: nextKey++,
      ingredient: l.ingredients?.name ?? '',
      quantity: l.quantity ?? '',
      unit: l.measurements?.name ?? '',
      note: l.note ?? '',
    }));
}

export function RecipeEditor({
  userId,
  id,
  onSaved,
}: {
  userId: string;
  id?: string;
  onSaved: (id: string) => void;
}) {
  const { items, loaded } = useRecipes();
  const recipe = id ? items.find((r) => r.id === id) : undefined;
  const [ingredients, setIngredients] = useState<Named[] | null>(null);
  const [units, setUnits] = useState<Named[]>([]);
  const [lines, setLines] = useState<LineDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const listId = useId();
  useEffect(() => {
    if (!loaded) void loadRecipes(userId);
    Promise.all([ingredientOptions(), measurementOptions()])
      .then(([i, m]) => {
        setIngredients(i);
        setUnits(m);
      })
      .catch((e: unknown) => {
        console.error('loading ingredients failed', e);
        setIngredients([]);
      });
  }, [userId, loaded]);
  useEffect(() => {
    if (loaded && lines === null) setLines(toDrafts(recipe));
  }, [loaded, recipe, lines]);
  if (!loaded || !ingredients || !lines) return <Skeleton lines={3} label="Loading editor..." />;
  if (id && (!recipe || recipe.user_id !== userId)) {
    return (
      <Page title="Cannot edit this recipe">
        <p>Only your own recipes can be edited.</p>
      </Page>
    );
  }
  const setLine = (key: number, patch: Partial<LineDraft>) =>
    setLines((ls) => (ls ?? []).map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setError('Give the recipe a name.');
    const byName = new Map(ingredients.map((i) => [i.name.toLowerCase(), i.id]));
    const unitId = new Map(units.map((u) => [u.name, u.id]));
    const used = lines.filter((l) => l.ingredient.trim());
    const unknown = used.find((l) => !byName.has(l.ingredient.trim().toLowerCase()));
    if (unknown)
      return setError(`"${unknown.ingredient}" is not a known ingredient. Pick one from the list.`);
    const num = (v: FormDataEntryValue | null) => (v && Number(v) > 0 ? Math.round(Number(v)) : null);
    const input: RecipeInput = {
      name,
      portions: num(form.get('portions')),
      duration: num(form.get('duration')),
      description: String(form.get('description') ?? '').trim() || null,
      steps: String(form.get('steps') ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      lines: used.map((l) => ({
        ingredient_id: byName.get(l.ingredient.trim().toLowerCase())!,
        quantity: l.quantity.trim(),
        measurement_id: l.unit ? (unitId.get(l.unit) ?? null) : null,
        note: l.note.trim() || null,
      })),
    };
    setSaving(true);
    setError(null);
    saveRecipe(userId, id ?? null, input)
      .then(onSaved)
      .catch((e: unknown) => {
        console.error('saving the recipe failed', e);
        setError('The recipe could not be saved. Please try again.');
      })
      .finally(() => setSaving(false));
  };
  return (
    <Page title={id ? 'Edit recipe' : 'New recipe'}>
      <form className="stack card" onSubmit={onSubmit} noValidate>
        <Field label="Recipe name" name="name" defaultValue={recipe?.name ?? ''} required />
        <div className="row">
          <Field
            label="Portions"
            name="portions"
            type="number"
            min={1}
            defaultValue={recipe?.portions ?? 2}
          />
          <Field
            label="Time (minutes)"
            name="duration"
            type="number"
            min={0}
            defaultValue={recipe?.duration ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor="description">Description</label>
          <textarea id="description" name="description" rows={2} defaultValue={recipe?.description ?? ''} />
        </div>
        <fieldset className="lines">
          <legend>Ingredients</legend>
          <datalist id={listId}>
            {ingredients.map((i) => (
              <option key={i.id} value={i.name} />
            ))}
          </datalist>
          {lines.map((l, n) => (
            <div key={l.key} className="line-row">
              <Field
                label={`Ingredient ${n + 1}`}
                list={listId}
                value={l.ingredient}
                onChange={(e) => setLine(l.key, { ingredient: e.target.value })}
              />
              <Field
                label="Quantity"
                value={l.quantity}
                placeholder="1 1/2"
                onChange={(e) => setLine(l.key, { quantity: e.target.value })}
              />
              <div className="field">
                <label htmlFor={`unit-${l.key}`}>Unit</label>
                <select
                  id={`unit-${l.key}`}
                  value={l.unit}
                  onChange={(e) => setLine(l.key, { unit: e.target.value })}
                >
                  <option value="">g</option>
                  {units
                    .filter((u) => u.name !== 'g')
                    .map((u) => (
                      <option key={u.id} value={u.name}>
                        {u.name}
                      </option>
                    ))}
                </select>
              </div>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ingredient ${n + 1}`}
                onClick={() => setLines((ls) => (ls ?? []).filter((x) => x.key !== l.key))}
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button small"
            onClick={() => setLines((ls) => [...(ls ?? []), emptyLine()])}
          >
            Add ingredient
          </button>
        </fieldset>
        <div className="field">
          <label htmlFor="steps">Method (one step per line)</label>
          <textarea id="steps" name="steps" rows={6} defaultValue={(recipe?.steps ?? []).join('\n')} />
        </div>
        <FormError message={error} />
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save recipe'}
        </button>
      </form>
    </Page>
  );
}
