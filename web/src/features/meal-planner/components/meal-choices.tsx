import { type Choice, SelectField } from '../../../components/ui/field.tsx';

/**
 * A meal's recipe and cook (spec 3: both optional), as two selects. `which` ends both labels
 * for screen readers (', meal 1 on Today …'), since every day repeats them.
 */
export function MealChoices({
  which,
  recipes,
  cooks,
  recipeId,
  cookId,
  noRecipe,
  onRecipe,
  onCook,
}: {
  which: string;
  recipes: readonly Choice[];
  cooks: readonly Choice[];
  recipeId: string;
  cookId: string;
  /** The recipe select's blank choice. */
  noRecipe: string;
  onRecipe: (id: string) => void;
  onCook: (id: string) => void;
}) {
  const hidden = <span className="visually-hidden">{which}</span>;
  return (
    <>
      <SelectField
        label={<>Recipe{hidden}</>}
        value={recipeId}
        blank={noRecipe}
        choices={recipes}
        onChange={onRecipe}
      />
      <SelectField
        label={<>Cook{hidden}</>}
        value={cookId}
        blank="Anyone"
        choices={cooks}
        onChange={onCook}
      />
    </>
  );
}
