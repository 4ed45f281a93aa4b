import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDuration } from '../../../../../shared/dates/duration.ts';
import { paths } from '../../../config/paths.ts';
import type { RecipeView } from '../derive.ts';
import { PriceSummary } from './price-summary.tsx';
import { RecipeImage } from './recipe-image.tsx';
import { Tags } from './tags.tsx';

/** Memoised: a card whose view is unchanged is not drawn again when the list around it is. */
export const RecipeCard = memo(function RecipeCard({
  view,
  action,
}: {
  view: RecipeView;
  action?: ReactNode;
}) {
  const { recipe, nutrition, price, sample } = view;
  const duration = formatDuration(recipe.duration);
  return (
    <article className="card recipe-card" aria-labelledby={`recipe-${recipe.id}`}>
      <RecipeImage recipe={recipe} size="thumb" />
      <div className="recipe-card-head">
        <h2 id={`recipe-${recipe.id}`}>
          <Link href={paths.recipe(recipe.id)}>{recipe.name}</Link>
        </h2>
        {action}
      </div>
      <p className="meta">
        {duration ? <span>{duration}</span> : null}
        <span>
          {nutrition.caloriesPerPortion} kcal · {nutrition.proteinPerPortion} g protein
        </span>
        {recipe.is_default ? null : <span className="badge soft">Yours</span>}
      </p>
      <Tags tags={recipe.tags} />
      <PriceSummary price={price} sample={sample} compact />
    </article>
  );
});
