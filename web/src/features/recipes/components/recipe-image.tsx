import { recipePhotoUrl } from '../api.ts';
import '../recipes.css';
import { thumbPathOf } from '../photo.ts';
import { placeholderArt } from '../placeholder.ts';

/** The placeholder drawing, decorative (the recipe's name is always beside it). */
function Placeholder({ name, mealType }: { name: string; mealType: string | null }) {
  const art = placeholderArt(name, mealType);
  return (
    <svg
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className="recipe-image-art"
    >
      <rect width="320" height="200" fill={art.background} />
      <path d="M0 150 L320 120 L320 200 L0 200 Z" fill={art.cloth} opacity="0.6" />
      {art.dots.map((d) => (
        <circle key={`${d.cx}-${d.cy}`} cx={d.cx} cy={d.cy} r={d.r} fill={d.fill} opacity="0.85" />
      ))}
      <ellipse cx="160" cy="104" rx="86" ry="62" fill={art.rim} />
      <ellipse cx="160" cy="100" rx="78" ry="56" fill={art.plate} />
      <text
        x="160"
        y="118"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="52"
        fill={art.ink}
      >
        {art.initial}
      </text>
    </svg>
  );
}

/**
 * A recipe's picture: its photo (the thumbnail on cards, the large one on the detail page) or
 * the drawn placeholder. Decorative: the name is beside it.
 */
export function RecipeImage({
  recipe,
  size,
}: {
  recipe: { name: string; meal_type: string | null; photo_path?: string | null };
  size: 'thumb' | 'large';
}) {
  const path = recipe.photo_path;
  return (
    <div className={`recipe-image ${size}`}>
      {path ? (
        <img
          src={recipePhotoUrl(size === 'thumb' ? thumbPathOf(path) : path)}
          alt=""
          loading={size === 'thumb' ? 'lazy' : 'eager'}
          decoding="async"
        />
      ) : (
        <Placeholder name={recipe.name} mealType={recipe.meal_type} />
      )}
    </div>
  );
}
