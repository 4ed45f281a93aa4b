export { formatDuration } from './duration.ts';
export { MEAL_WINDOW_DAYS, mealWindow, PLAN_TIME_ZONE, planToday } from './meal-window.ts';
export { describeUseBy, stateOfUseBy, USE_SOON_DAYS, type UseByState } from './use-by.ts';
