/**
 * The limits of every field a person fills in (issue 15): one table, read by the forms (which
 * say them before saving), the Edge Functions (which refuse requests beyond them) and checked
 * against the database's constraints (`supabase/migrations/*_field_limits.sql`) by
 * `stack/tests/field-limits.test.ts`, so the three cannot drift apart.
 *
 * Lengths are in characters (Unicode code points, as PostgreSQL's `char_length` counts them) of
 * the normalised text (see {@link normalizeName}); amounts are plain numbers.
 */
export const LIMITS = {
  /** A recipe's name: long enough for "Slow-cooked lamb shoulder with…", short enough for a card. */
  recipeName: { min: 1, max: 120 },
  recipeDescription: { max: 2000 },
  /** One step of the method, and how many steps. */
  recipeStep: { max: 1000 },
  recipeSteps: { max: 60 },
  /** Tags on a recipe ('quick', 'family favourite'): stored lower case, at most 12 of 30 characters. */
  recipeTag: { max: 30 },
  recipeTags: { max: 12 },
  /** Portions a recipe makes: a whole number; a catering tray is at most 100. */
  portions: { min: 1, max: 100 },
  /** Total time in whole minutes: up to 48 hours (overnight rises and brines). */
  duration: { min: 0, max: 2880 },
  /** An ingredient line's quantity as typed ('1 1/2', '½', 'to taste'). */
  lineQuantityText: { max: 16 },
  /** The amount it stands for: more than 0 and below 10,000 of its unit. */
  lineQuantity: { max: 9999 },
  lineNote: { max: 200 },
  /** A pantry or shopping item's name. */
  itemName: { min: 1, max: 80 },
  /**
   * Staples a household marks as always in stock (issue 25; their names are item names): enough
   * for every jar in a pantry, few enough to list (migration *_staples.sql, a trigger).
   */
  staples: { max: 200 },
  /** A pantry or shopping quantity: more than 0, at most 100,000, three decimals kept. */
  itemQuantity: { max: 100_000, decimals: 3 },
  itemUnit: { max: 20 },
  /** An own ingredient (issue 20): its name, nutrition per 100 g, and optional weights. */
  ingredientName: { min: 1, max: 80 },
  /** Protein, carbohydrate or fat in grams per 100 g: 0 to 100. */
  nutrientGrams: { max: 100 },
  /** Energy in kcal per 100 g: pure fat is about 900. */
  energyKcal: { max: 900 },
  /** What one of it weighs, in grams (a pumpkin is at most a few kilograms). */
  gramsPerEach: { max: 5000 },
  /**
   * The pack an own ingredient is sold in (issue 20), in g, mL or each: a 25 kg sack of rice is
   * 25,000 g; more is a warehouse.
   */
  packSize: { max: 25_000, units: ['g', 'mL', 'each'] },
  /** Density in grams per millilitre: from a light flour to honey and beyond. */
  gramsPerMl: { min: 0.1, max: 3 },
  /** decisions.md: a cook's name is 1–60 characters after trimming. */
  cookName: { min: 1, max: 60 },
  /** A household's name ("Sam's household", "The flat on Smith St"). */
  householdName: { min: 1, max: 60 },
  /** A person's name on their profile. */
  userName: { max: 80 },
  /** RFC 5321's longest address. */
  email: { max: 254 },
  /** supabase/config.toml minimum_password_length; bcrypt reads 72 bytes (UTF-8), GoTrue refuses more. */
  password: { min: 6, maxBytes: 72 },
  /** The smallest saving (cents) worth a second shop: up to $1,000 (issue 19, users.basket_min_saving_cents). */
  basketMinSavingCents: { min: 0, max: 100_000 },
  /** A planned meal's date: this century (anything else is a typing or clock mistake). */
  mealDate: { min: '2000-01-01', max: '2099-12-31' },
  /** A pantry item's use-by day (pantry.use_by): this century, or none. */
  useBy: { min: '2000-01-01', max: '2099-12-31' },
  /**
   * When a row was made or a meal cooked (`created_at`, `cooked_at`): the database fills them in,
   * but a client may send its own, and this century is all it may send.
   */
  recordedAt: { min: '2000-01-01', max: '2099-12-31' },
  /**
   * A recipe photo in the `recipe-photos` Storage bucket: at most 5 MiB, JPEG, PNG or WebP (the
   * bucket's file_size_limit and allowed_mime_types, migration *_recipe_photos_bucket.sql).
   */
  recipePhoto: { maxBytes: 5 * 1024 * 1024, mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] },
  /**
   * Where a recipe's photo is stored (recipes.photo_path, migration *_recipe_photo_path.sql):
   * `<user id>/<recipe id>/photo-<stamp>.<jpg|png|webp>`, at most 160 characters.
   */
  recipePhotoPath: { max: 160 },
  /**
   * An imported recipe (issue 24, migration *_recipe_imports.sql): its source address and
   * author, its id in the source (the re-import key with the source), lines kept as text, and
   * how many ingredient lines one import may bring (save_imported_recipe refuses more).
   */
  recipeSourceUrl: { max: 2048 },
  recipeAuthor: { min: 1, max: 120 },
  recipeSourceId: { min: 1, max: 2048 },
  recipeTextLine: { max: 300 },
  recipeTextLines: { max: 100 },
  recipeImportLines: { max: 200 },
} as const;

/** Characters as PostgreSQL's char_length counts them: code points, not UTF-16 units (0 for a non-string). */
export function charLength(text: string): number {
  if (typeof text !== 'string') return 0;
  let n = 0;
  for (const _ of text) n++;
  return n;
}
