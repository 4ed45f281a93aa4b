import { wholeNumberText } from '../display/number-text.ts';
import { LIMITS } from './limits.ts';

/**
 * What a person is told when a field is refused: the field and the fix, in the app's words. The
 * forms show these as the person types, and the Edge Functions answer them in 400s.
 */
export const FIELD_MESSAGES = {
  recipeNameEmpty: 'Give the recipe a name.',
  recipeNameLong: `A recipe name can be at most ${LIMITS.recipeName.max} characters.`,
  description: `A description can be at most ${LIMITS.recipeDescription.max} characters.`,
  steps: `A method can have at most ${LIMITS.recipeSteps.max} steps of up to ${LIMITS.recipeStep.max} characters each.`,
  tags: `A recipe can have at most ${LIMITS.recipeTags.max} tags of up to ${LIMITS.recipeTag.max} characters each.`,
  portions: `Portions must be a whole number from ${LIMITS.portions.min} to ${LIMITS.portions.max}.`,
  duration: `Time must be a whole number of minutes from ${LIMITS.duration.min} to ${LIMITS.duration.max} (48 hours).`,
  lineQuantity: `Enter a quantity such as 2, 1.5, 1 1/2 or ½ (below ${LIMITS.lineQuantity.max + 1}), 'to taste', or leave it empty.`,
  lineNote: `A note can be at most ${LIMITS.lineNote.max} characters.`,
  itemNameEmpty: 'Enter an item name.',
  itemNameLong: `An item name can be at most ${LIMITS.itemName.max} characters.`,
  itemQuantity: 'Enter a quantity such as 2, 1.5, 1 1/2 or ½ (or leave it empty).',
  itemQuantityRange: `A quantity must be more than 0 and at most ${wholeNumberText(LIMITS.itemQuantity.max)}.`,
  itemUnit: `A unit can be at most ${LIMITS.itemUnit.max} characters.`,
  useBy: 'Enter the use-by day as a date of this century (or leave it empty).',
  ingredientNameEmpty: 'Give the ingredient a name.',
  ingredientNameLong: `An ingredient's name can be at most ${LIMITS.ingredientName.max} characters.`,
  nutrient: `Enter grams per 100 g, from 0 to ${LIMITS.nutrientGrams.max}.`,
  energy: `Enter kcal per 100 g, from 0 to ${LIMITS.energyKcal.max}.`,
  gramsPerEach: `Enter grams above 0 and at most ${wholeNumberText(LIMITS.gramsPerEach.max)}, or leave it empty.`,
  packSize: `Enter a pack size above 0 and at most ${wholeNumberText(LIMITS.packSize.max)}, or leave it empty.`,
  gramsPerMl: `Enter grams per mL from ${LIMITS.gramsPerMl.min} to ${LIMITS.gramsPerMl.max} (water is 1), or leave it empty.`,
  cookNameEmpty: 'Please enter a name for the cook.',
  cookNameLong: `A cook's name can be at most ${LIMITS.cookName.max} characters.`,
  householdNameEmpty: 'Give the household a name.',
  householdNameLong: `A household's name can be at most ${LIMITS.householdName.max} characters.`,
  userName: `A name can be at most ${LIMITS.userName.max} characters.`,
  email: 'Enter an email address such as name@example.com.',
  passwordShort: `Use at least ${LIMITS.password.min} characters.`,
  passwordLong: `A password can be at most ${LIMITS.password.maxBytes} bytes: fewer characters if it has accents or emoji.`,
} as const;
