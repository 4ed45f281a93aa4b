import * as z from 'zod/mini';
import { dayNumber } from '../dates/day-number.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { charLength, LIMITS } from './limits.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { normalizeName, normalizeTag } from './normalize-name.ts';
import { isQuantityText } from './quantity-text.ts';

const GENERIC = 'Check this field.';
const within = (max: number) => (s: string) => charLength(s) <= max;
const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/** A name as stored (normalised), between `min` and `max` characters. */
function nameField(limit: { min: number; max: number }, empty: string, long: string) {
  return z.pipe(
    z.string(),
    z
      .transform((s: string) => normalizeName(s))
      .check(
        z.refine((s) => charLength(s) >= limit.min, empty),
        z.refine(within(limit.max), long),
      ),
  );
}

/** Text as typed for a whole number between `min` and `max`; empty is `null` (not given). */
function wholeNumberText(limit: { min: number; max: number }, message: string) {
  return numberText(/^[0-9]+$/, limit, message);
}

export const recipeNameField = nameField(
  LIMITS.recipeName,
  FIELD_MESSAGES.recipeNameEmpty,
  FIELD_MESSAGES.recipeNameLong,
);
export const itemNameField = nameField(
  LIMITS.itemName,
  FIELD_MESSAGES.itemNameEmpty,
  FIELD_MESSAGES.itemNameLong,
);
export const ingredientNameField = nameField(
  LIMITS.ingredientName,
  FIELD_MESSAGES.ingredientNameEmpty,
  FIELD_MESSAGES.ingredientNameLong,
);

/**
 * A decimal as typed ('1.5', '12'), between `min` and `max` (`above` makes `min` exclusive);
 * empty is `null` unless `required`, which makes it the message.
 */
function decimalText(
  limit: { min: number; max: number; above?: boolean; required?: boolean },
  message: string,
) {
  return numberText(/^[0-9]+([.][0-9]+)?$/, limit, message);
}

/** A number as typed, matching `pattern` (a decimal comma read as a point) and within `limit`. */
function numberText(
  pattern: RegExp,
  limit: { min: number; max: number; above?: boolean; required?: boolean },
  message: string,
) {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const t = text.trim().replace(',', '.');
      if (t === '' && !limit.required) return null;
      const n = pattern.test(t) ? Number(t) : Number.NaN;
      const inRange = (limit.above ? n > limit.min : n >= limit.min) && n <= limit.max;
      if (!inRange) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** Protein, carbohydrate or fat of an own ingredient, grams per 100 g. */
export const nutrientText = decimalText(
  { min: 0, max: LIMITS.nutrientGrams.max, required: true },
  FIELD_MESSAGES.nutrient,
);
/** Energy of an own ingredient, kcal per 100 g. */
export const energyText = decimalText(
  { min: 0, max: LIMITS.energyKcal.max, required: true },
  FIELD_MESSAGES.energy,
);
/** What one of an own ingredient weighs, or empty. */
export const gramsPerEachText = decimalText(
  { min: 0, max: LIMITS.gramsPerEach.max, above: true },
  FIELD_MESSAGES.gramsPerEach,
);
/** The pack an own ingredient is sold in (in its pack unit), or empty. */
export const packSizeText = decimalText(
  { min: 0, max: LIMITS.packSize.max, above: true },
  FIELD_MESSAGES.packSize,
);
/** An own ingredient's density, or empty. */
export const gramsPerMlText = decimalText(LIMITS.gramsPerMl, FIELD_MESSAGES.gramsPerMl);

export const cookNameField = nameField(
  LIMITS.cookName,
  FIELD_MESSAGES.cookNameEmpty,
  FIELD_MESSAGES.cookNameLong,
);
export const householdNameField = nameField(
  LIMITS.householdName,
  FIELD_MESSAGES.householdNameEmpty,
  FIELD_MESSAGES.householdNameLong,
);
export const userNameField = nameField({ min: 0, max: LIMITS.userName.max }, '', FIELD_MESSAGES.userName);

/** Portions as typed: a whole number from 1 to 100, or empty (treated as 1, spec 3). */
export const portionsText = wholeNumberText(LIMITS.portions, FIELD_MESSAGES.portions);
/** Minutes as typed: a whole number from 0 to 2880, or empty (no time given). */
export const durationText = wholeNumberText(LIMITS.duration, FIELD_MESSAGES.duration);

/** Text that may be left empty (null), else trimmed and held to `rule`. */
const optionalText = (rule: (s: string) => boolean, message: string) =>
  z.pipe(
    z.string(),
    z.transform((s: string) => s.trim() || null).check(z.refine((s) => s === null || rule(s), message)),
  );

export const descriptionField = optionalText(
  within(LIMITS.recipeDescription.max),
  FIELD_MESSAGES.description,
);

/** The method as typed, one step a line; blank lines dropped. */
export const stepsText = z.pipe(
  z.string(),
  z
    .transform((text: string) =>
      text
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .check(
      z.refine(
        (steps) => steps.length <= LIMITS.recipeSteps.max && steps.every(within(LIMITS.recipeStep.max)),
        FIELD_MESSAGES.steps,
      ),
    ),
);

/** Tags as typed, separated by commas: stored lower case, blanks and repeats dropped. */
export const tagsText = z.pipe(
  z.string(),
  z
    .transform((text: string) => [...new Set(text.split(',').map(normalizeTag).filter(Boolean))])
    .check(
      z.refine(
        (tags) => tags.length <= LIMITS.recipeTags.max && tags.every(within(LIMITS.recipeTag.max)),
        FIELD_MESSAGES.tags,
      ),
    ),
);

/** An ingredient line's quantity as typed; stored normalised, or `null` when empty. */
export const lineQuantityText = z.pipe(
  z.string(),
  z
    .transform((text: string) => normalizeName(text) || null)
    .check(
      z.refine(
        (q) => q === null || (isQuantityText(q) && charLength(q) <= LIMITS.lineQuantityText.max),
        FIELD_MESSAGES.lineQuantity,
      ),
    ),
);

export const lineNoteField = z.pipe(
  z.string(),
  z
    .transform((s: string) => normalizeName(s) || null)
    .check(z.refine((s) => s === null || within(LIMITS.lineNote.max)(s), FIELD_MESSAGES.lineNote)),
);

/**
 * A pantry or shopping quantity as typed, read as recipe quantities are ('1 1/2', '½', '2.5'):
 * `null` when empty, else a number above 0 and at most 100,000, rounded to three decimals.
 */
export const itemQuantityText = z.pipe(
  z.string(),
  z.transform((text: string, ctx) => {
    const t = text.trim();
    if (t === '') return null;
    const n = parseQuantity(t);
    if (!(n > 0)) {
      ctx.issues.push({ code: 'custom', message: FIELD_MESSAGES.itemQuantity, input: text });
      return z.NEVER;
    }
    const rounded = Math.round(n * 10 ** LIMITS.itemQuantity.decimals) / 10 ** LIMITS.itemQuantity.decimals;
    if (!(rounded > 0 && rounded <= LIMITS.itemQuantity.max)) {
      ctx.issues.push({ code: 'custom', message: FIELD_MESSAGES.itemQuantityRange, input: text });
      return z.NEVER;
    }
    return rounded;
  }),
);

export const itemUnitField = z.pipe(
  z.string(),
  z
    .transform((s: string) => normalizeName(s) || null)
    .check(z.refine((s) => s === null || within(LIMITS.itemUnit.max)(s), FIELD_MESSAGES.itemUnit)),
);

/**
 * A pantry item's use-by day as a date input gives it ('2026-12-01'), or null when empty: a real
 * day of the calendar within LIMITS.useBy.
 */
export const useByField = optionalText(
  (s) => dayNumber(s) !== null && s >= LIMITS.useBy.min && s <= LIMITS.useBy.max,
  FIELD_MESSAGES.useBy,
);

/** An address with one @, something before it and a dotted domain after; GoTrue checks the rest. */
export const emailField = z.pipe(
  z.string(),
  z
    .transform((s: string) => s.trim())
    .check(
      z.refine(
        (s) => charLength(s) <= LIMITS.email.max && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s),
        FIELD_MESSAGES.email,
      ),
    ),
);

/** A new password: at least 6 characters and at most 72 bytes, as GoTrue counts them. */
export const newPasswordField = z.string().check(
  z.refine((s) => utf8Bytes(s) >= LIMITS.password.min, FIELD_MESSAGES.passwordShort),
  z.refine((s) => utf8Bytes(s) <= LIMITS.password.maxBytes, FIELD_MESSAGES.passwordLong),
);

/**
 * Reads one field as typed: its stored value, or the message that says what to fix. Forms call
 * it as the person types and again on submit.
 */
export function readField<T extends z.ZodMiniType>(
  field: T,
  typed: unknown,
): { ok: true; value: z.output<T> } | { ok: false; message: string } {
  let result: ReturnType<typeof z.safeParse<T>>;
  try {
    result = z.safeParse(field, typed);
  } catch {
    return { ok: false, message: GENERIC };
  }
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? GENERIC };
}
