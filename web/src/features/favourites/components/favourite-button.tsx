import { toggleFavourite, useIsFavourite } from '../store.ts';

export function FavouriteButton({
  userId,
  recipeId,
  recipeName,
}: {
  userId: string;
  recipeId: string;
  recipeName: string;
}) {
  const on = useIsFavourite(recipeId);
  return (
    <button
      type="button"
      className={`icon-button favourite${on ? ' on' : ''}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${recipeName} from favourites` : `Add ${recipeName} to favourites`}
      onClick={() => void toggleFavourite(userId, recipeId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.8.8.8-.8a4.9 4.9 0 0 1 7 7z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
