import { nutritionPerPortion } from '../../../../shared/nutrition/per-portion.ts';
import { portionsCost, priceRecipe } from '../../../../shared/pricing/price-recipe.ts';
import { CHAINS, type ChainKey, type IngredientPriceRecord } from '../../../../shared/pricing/types.ts';
import type { MealChoice } from './plan.ts';

/**
 * The Australian food label's daily reference values (FSANZ Standard 1.2.8, Schedule 1) for the
 * nutrients Larder holds: what a day's figures are measured against.
 */
export const DAILY_REFERENCE = { energyKj: 8700, protein: 50, fats: 70, carbs: 310 } as const;

/** Kilojoules in a kilocalorie (the ingredients' energy is in kcal per 100 g). */
const KJ_PER_KCAL = 4.184;

export type Costs = Record<ChainKey, number | null>;

export interface Nutrients {
  energyKj: number;
  protein: number;
  fats: number;
  carbs: number;
}

export interface DayFigures {
  date: string;
  meals: number;
  portions: number;
  /** What the day's meals cost at each chain (dollars); null when the chain prices none of them. */
  cost: Costs;
  perPortion: Costs;
  /** One portion of each of the day's meals: what one person eats that day. */
  nutrition: Nutrients;
}

export interface CookFigures {
  cook: string;
  meals: number;
  portions: number;
  cost: Costs;
}

export interface WeekOverview {
  days: DayFigures[];
  week: {
    meals: number;
    portions: number;
    cost: Costs;
    perPortion: Costs;
    nutritionPerDay: Nutrients;
    /** Any of its meals is priced from sample data (ingredient_prices.is_sample). */
    sample: boolean;
  };
  cooks: CookFigures[];
}

const noCosts = (): Costs => ({ coles: null, woolworths: null, aldi: null });
const noNutrients = (): Nutrients => ({ energyKj: 0, protein: 0, fats: 0, carbs: 0 });
const money = (n: number) => Math.round(n * 100) / 100;

function addCosts(into: Costs, add: Costs): void {
  for (const c of CHAINS) {
    const v = add[c];
    if (v !== null) into[c] = money((into[c] ?? 0) + v);
  }
}

function perPortion(cost: Costs, portions: number): Costs {
  const out = noCosts();
  for (const c of CHAINS) {
    const v = cost[c];
    out[c] = v === null || portions <= 0 ? null : money(v / portions);
  }
  return out;
}

/** A price record as the web reads it: with whether it is sample data. */
export type WeekPriceRecord = IngredientPriceRecord & { is_sample?: boolean | null };

/** A meal's cost at each chain for its portions (shared's priceRecipe and portionsCost). */
function mealCost(choice: MealChoice, prices: ReadonlyMap<number, IngredientPriceRecord>): Costs {
  const lines = choice.recipe.recipe_ingredients.map((line) => ({
    ...line,
    prices: line.ingredients ? (prices.get(Number(line.ingredients.id)) ?? null) : null,
  }));
  const price = priceRecipe(lines, { portions: choice.recipe.portions });
  const cost = noCosts();
  for (const c of CHAINS) {
    const totals = price.chains[c];
    if (totals && totals.priced > 0)
      cost[c] = portionsCost(totals.total, choice.recipe.portions, choice.portions);
  }
  return cost;
}

function mealNutrition(choice: MealChoice): Nutrients {
  const n = nutritionPerPortion([...choice.recipe.recipe_ingredients], choice.recipe.portions);
  return {
    energyKj: Math.round(n.caloriesPerPortion * KJ_PER_KCAL),
    protein: n.proteinPerPortion,
    fats: n.fatsPerPortion,
    carbs: n.carbsPerPortion,
  };
}

/**
 * The week at a glance (issue 19 item 5): per day and for the week, the cost at each chain and
 * per portion, nutrition per portion and per day, and per cook. `dates` are the days shown
 * (every one, planned or not); `cookNames` names the cooks (a meal without one is "Anyone").
 */
export function weekOverview(
  dates: readonly string[],
  choices: readonly MealChoice[],
  prices: ReadonlyMap<number, WeekPriceRecord>,
  cookNames: ReadonlyMap<string, string>,
): WeekOverview {
  const days = new Map<string, DayFigures>(
    dates.map((date) => [
      date,
      { date, meals: 0, portions: 0, cost: noCosts(), perPortion: noCosts(), nutrition: noNutrients() },
    ]),
  );
  const cooks = new Map<string, CookFigures>();
  const weekCost = noCosts();
  let weekMeals = 0;
  let weekPortions = 0;
  let sample = false;
  for (const choice of choices) {
    const day = days.get(choice.date);
    if (!day) continue;
    const cost = mealCost(choice, prices);
    sample ||= choice.recipe.recipe_ingredients.some(
      (l) => l.ingredients != null && prices.get(Number(l.ingredients.id))?.is_sample === true,
    );
    const nutrition = mealNutrition(choice);
    day.meals += 1;
    day.portions += choice.portions;
    addCosts(day.cost, cost);
    for (const k of Object.keys(nutrition) as (keyof Nutrients)[]) day.nutrition[k] += nutrition[k];
    addCosts(weekCost, cost);
    weekMeals += 1;
    weekPortions += choice.portions;
    const name = (choice.cookId && cookNames.get(choice.cookId)) || 'Anyone';
    const cook = cooks.get(name) ?? { cook: name, meals: 0, portions: 0, cost: noCosts() };
    cook.meals += 1;
    cook.portions += choice.portions;
    addCosts(cook.cost, cost);
    cooks.set(name, cook);
  }
  for (const day of days.values()) day.perPortion = perPortion(day.cost, day.portions);
  const planned = [...days.values()].filter((d) => d.meals > 0);
  const nutritionPerDay = noNutrients();
  for (const k of Object.keys(nutritionPerDay) as (keyof Nutrients)[]) {
    nutritionPerDay[k] =
      planned.length === 0 ? 0 : Math.round(planned.reduce((s, d) => s + d.nutrition[k], 0) / planned.length);
  }
  return {
    days: [...days.values()],
    week: {
      meals: weekMeals,
      portions: weekPortions,
      cost: weekCost,
      perPortion: perPortion(weekCost, weekPortions),
      nutritionPerDay,
      sample,
    },
    cooks: [...cooks.values()].sort((a, b) => a.cook.localeCompare(b.cook, 'en-AU')),
  };
}

/** A nutrient's share of its daily reference value, in whole percent. */
export function percentOfReference(value: number, nutrient: keyof Nutrients): number {
  return Math.round((value / DAILY_REFERENCE[nutrient]) * 100);
}
