import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { formatDuration } from '../../../../../shared/dates/duration.ts';
import { portionsOrDefault } from '../../../../../shared/nutrition/per-portion.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { priceRecipeRemote, type Recipe, type RecipePrice } from '../api.ts';
import { ingredientCosts, recipeIsSample, recipeNutrition, totalNutrition } from '../derive.ts';
import { displayLines } from '../recipe-lines.ts';
import { ensureRecipes, loadPrices, usePrices, useRecipes } from '../store.ts';
import { RecipeSource, TextLines } from './imported-parts.tsx';
import { NutritionFacts } from './nutrition-facts.tsx';
import { PortionsControl } from './portions-control.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { CostForPortions, PriceSummary } from './price-summary.tsx';
import { RecipeImage } from './recipe-image.tsx';
import { Tags } from './tags.tsx';

export function RecipeDetail({
  id,
  actions,
  insights,
}: {
  id: string;
  /** The page's buttons, given the scale of the portions on screen (chosen ÷ the recipe's). */
  actions?: (scale: number) => ReactNode;
  /** What other features say about the recipe (its specials, its cost over time), at the end. */
  insights?: (recipe: Recipe) => ReactNode;
}) {
  const { items, loaded } = useRecipes();
  // The answer of price-recipe is the contract's and has no source; the price records say which
  // ingredients are priced from sample data.
  const { prices } = usePrices();
  useEffect(() => {
    void loadPrices();
  }, []);
  const recipe = items.find((r) => r.id === id);
  const [portions, setPortions] = useState<number | null>(null);
  const [price, setPrice] = useState<RecipePrice | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  useEffect(() => {
    void ensureRecipes();
  }, []);
  const base = portionsOrDefault(recipe?.portions);
  const chosen = portions ?? base;
  useEffect(() => {
    if (!recipe) return;
    let live = true;
    setPriceError(null);
    priceRecipeRemote(recipe.id)
      .then((p) => live && setPrice(p))
      .catch((e: unknown) => {
        console.error('pricing the recipe failed', e);
        if (live) setPriceError(e instanceof Error ? e.message : 'Prices are unavailable right now.');
      });
    return () => {
      live = false;
    };
  }, [recipe]);
  const scale = chosen / base;
  const lines = useMemo(() => (recipe ? displayLines(recipe, scale) : []), [recipe, scale]);
  // One route to this screen's price (docs/decisions.md): price-recipe's answer, summary and
  // breakdown alike; the list's cards price in the browser from the same shared rule.
  const sample = useMemo(() => (recipe ? recipeIsSample(recipe, prices) : false), [recipe, prices]);
  const costs = useMemo(() => ingredientCosts(price?.lines ? price : null, scale), [price, scale]);
  if (!loaded) return <Skeleton lines={3} label="Loading recipe..." />;
  if (!recipe) {
    return (
      <Page title="Recipe not found">
        <EmptyState title="This recipe does not exist or is not yours to see.">
          <Link href={paths.recipes}>Back to recipes</Link>
        </EmptyState>
      </Page>
    );
  }
  const perPortion = recipeNutrition(recipe);
  const duration = formatDuration(recipe.duration);
  return (
    <Page title={recipe.name} actions={actions?.(scale)}>
      <div className="recipe-page">
        <RecipeImage recipe={recipe} size="large" />
        <p className="meta">
          {duration ? <span>{duration}</span> : null}
          <span>Serves {base}</span>
        </p>
        <Tags tags={recipe.tags} />
        <RecipeSource recipe={recipe} />
        {recipe.description ? <p className="lede">{recipe.description}</p> : null}
        <PortionsControl value={chosen} onChange={setPortions} />
        <div className="detail-grid">
          <section aria-labelledby="nutrition-h" className="card">
            <h2 id="nutrition-h">Nutrition</h2>
            <NutritionFacts n={perPortion} />
            <p className="muted small">
              For {chosen} {chosen === 1 ? 'portion' : 'portions'}:
            </p>
            <NutritionFacts n={totalNutrition(recipe, chosen)} label="In total" />
          </section>
          <section aria-labelledby="price-h" className="card">
            <h2 id="price-h">Price per portion</h2>
            {price ? (
              <>
                <PriceSummary price={price} sample={sample} />
                <CostForPortions price={price} portions={chosen} />
              </>
            ) : priceError ? (
              <p className="muted">{priceError}</p>
            ) : (
              <Skeleton lines={1} label="Loading prices..." />
            )}
          </section>
        </div>
        <section aria-labelledby="ingredients-h">
          <h2 id="ingredients-h">Ingredients</h2>
          {lines.length === 0 ? (
            <p className="muted">No ingredients listed.</p>
          ) : (
            <ul className="ingredients">
              {lines.map((l) => (
                <li key={l.key}>
                  <span className="qty">{l.amount}</span>{' '}
                  {l.ingredientId === null ? (
                    l.name
                  ) : (
                    <Link href={paths.ingredientPrices(l.ingredientId)} title={`Prices of ${l.name}`}>
                      {l.name}
                    </Link>
                  )}
                  {l.note ? <span className="muted">, {l.note}</span> : null}
                </li>
              ))}
            </ul>
          )}
          <TextLines lines={recipe.text_lines} />
        </section>
        <section aria-labelledby="steps-h">
          <h2 id="steps-h">Method</h2>
          {(recipe.steps ?? []).length === 0 ? (
            <p className="muted">No steps written yet.</p>
          ) : (
            <ol className="steps">
              {(recipe.steps ?? []).map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered text without ids
                <li key={i}>{s}</li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="breakdown-h" className="no-print">
          <h2 id="breakdown-h">Price breakdown</h2>
          {price ? (
            <PriceBreakdown lines={costs} cheapest={price.cheapest ?? null} sample={sample} />
          ) : priceError ? (
            <p className="muted">{priceError}</p>
          ) : (
            <Skeleton lines={2} label="Loading the breakdown..." />
          )}
        </section>
        <div className="no-print">{insights?.(recipe)}</div>
      </div>
    </Page>
  );
}
