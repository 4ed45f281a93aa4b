import type { Nutrition } from '../derive.ts';

export function NutritionFacts({ n, label = 'Per portion' }: { n: Nutrition; label?: string }) {
  return (
    <dl className="nutrition" aria-label={`Nutrition ${label.toLowerCase()}`}>
      <div>
        <dt>Energy</dt>
        <dd>{n.caloriesPerPortion} kcal</dd>
      </div>
      <div>
        <dt>Protein</dt>
        <dd>{n.proteinPerPortion} g</dd>
      </div>
      <div>
        <dt>Carbs</dt>
        <dd>{n.carbsPerPortion} g</dd>
      </div>
      <div>
        <dt>Fat</dt>
        <dd>{n.fatsPerPortion} g</dd>
      </div>
    </dl>
  );
}
