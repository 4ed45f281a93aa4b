export { formatDuration } from './duration.ts';
export { DEFAULT_TIME_ZONE, MEAL_WINDOW_DAYS, mealWindow } from './meal-window.ts';
