import fc from 'fast-check';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXPORT_CAPS, ExportError, grocyArchive, readExport } from './exports.ts';

// Every recipe here is written by hand for these tests.
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
/** A Tandoor export of one recipe: a zip holding a zip of its recipe.json. */
const tandoorExport = (recipe: object) =>
  zipSync({ '1.zip': zipSync({ 'recipe.json': strToU8(JSON.stringify(recipe)) }) });
const paprikaRecipe = (n: number) =>
  gzipSync(
    strToU8(
      JSON.stringify({
        uid: `P-${n}`,
        name: `Test loaf ${n}`,
        ingredients: '2 cups plain flour\n1 tsp salt\n\n300 mL water',
        directions: '1. Mix.\n2) Knead.\n\n- Bake.',
        servings: '2 loaves',
        source_url: 'https://bakes.example/loaf',
        photo_data: btoa(String.fromCharCode(...PHOTO)),
      }),
    ),
  );

describe('readExport', () => {
  it('reads a Paprika export: each recipe gzipped JSON in a zip, with its photo', () => {
    const file = zipSync({ 'a.paprikarecipe': paprikaRecipe(1), 'b.paprikarecipe': paprikaRecipe(2) });
    const [first, second] = readExport('mine.paprikarecipes', file);
    expect(first?.recipe).toMatchObject({
      name: 'Test loaf 1',
      ingredients: ['2 cups plain flour', '1 tsp salt', '300 mL water'],
      steps: ['Mix.', 'Knead.', 'Bake.'],
      portions: 2,
      sourceId: 'P-1',
    });
    expect(first?.source).toBe('paprika');
    expect(first?.photo?.bytes).toEqual(PHOTO);
    expect(second?.recipe.name).toBe('Test loaf 2');
  });

  it('reads a Mealie export, a Tandoor export and a plain schema.org JSON file', () => {
    const mealie = zipSync({
      'recipes/soup/soup.json': strToU8(
        JSON.stringify({
          id: 'm-1',
          name: 'Test soup',
          recipe_ingredient: [{ original_text: '1 kg pumpkin' }, { note: 'salt, to taste' }],
          recipe_instructions: [{ text: 'Simmer.' }],
          recipe_yield: '4',
        }),
      ),
      'recipes/soup/images/original.webp': PHOTO,
    });
    expect(readExport('mealie.zip', mealie)).toMatchObject([
      {
        source: 'mealie',
        recipe: { name: 'Test soup', ingredients: ['1 kg pumpkin', 'salt, to taste'], sourceId: 'm-1' },
      },
    ]);
    const tandoor = zipSync({
      '1.zip': zipSync({
        'recipe.json': strToU8(
          JSON.stringify({
            name: 'Test curry',
            servings: 4,
            working_time: 20,
            waiting_time: 30,
            steps: [
              {
                instruction: 'Cook.',
                ingredients: [{ amount: 2, unit: { name: 'tbsp' }, food: { name: 'curry paste' }, note: '' }],
              },
            ],
          }),
        ),
        'image.jpg': PHOTO,
      }),
    });
    expect(readExport('tandoor.zip', tandoor)).toMatchObject([
      {
        source: 'tandoor',
        recipe: { name: 'Test curry', ingredients: ['2 tbsp curry paste'], duration: 50 },
        photo: { type: 'image/jpeg' },
      },
    ]);
    const json = strToU8(
      JSON.stringify({ '@type': 'Recipe', name: 'Test salad', recipeIngredient: ['1 lettuce'] }),
    );
    expect(readExport('salad.json', json)).toMatchObject([
      { source: 'schema-org', recipe: { name: 'Test salad' } },
    ]);
  });

  it("brings each app's tags, meal and time along", () => {
    const mealie = zipSync({
      'recipes/stew/stew.json': strToU8(
        JSON.stringify({
          id: 'm-2',
          name: 'Test stew',
          recipe_ingredient: [{ original_text: '1 kg beef' }],
          recipe_servings: 6,
          recipe_yield: '2 pots',
          total_time: '2 Hours 30 Minutes',
          prep_time: '20 Minutes',
          recipe_category: [{ name: 'Dinner', slug: 'dinner' }],
          tags: [{ name: 'Slow cooker', slug: 'slow-cooker' }],
        }),
      ),
    });
    expect(readExport('mealie.zip', mealie)[0]?.recipe).toMatchObject({
      portions: 6,
      duration: 150,
      tags: ['dinner', 'slow cooker'],
    });
    const tandoor = tandoorExport({
      name: 'Test oats',
      working_time: 5,
      waiting_time: 0,
      steps: [],
      keywords: [{ name: 'Breakfast' }],
    });
    expect(readExport('tandoor.zip', tandoor)[0]?.recipe).toMatchObject({ duration: 5, tags: ['breakfast'] });
    const paprika = zipSync({
      'a.paprikarecipe': gzipSync(
        strToU8(
          JSON.stringify({
            uid: 'P-9',
            name: 'Test slice',
            ingredients: '1 cup oats',
            prep_time: '15 mins',
            cook_time: '25 min',
            categories: ['Snacks', 'Lunchbox'],
          }),
        ),
      ),
    });
    expect(readExport('mine.paprikarecipes', paprika)[0]?.recipe).toMatchObject({
      duration: 40,
      tags: ['snacks', 'lunchbox'],
    });
  });

  it("reads Tandoor's section headers as no line, an amount it says not to use as none, and its Markdown steps", () => {
    const tandoor = tandoorExport({
      name: 'Test noodles',
      steps: [
        {
          name: 'Sauce',
          instruction: '1. Mix the **sauce**.\n2. Set aside.',
          ingredients: [
            {
              food: null,
              unit: null,
              amount: 0,
              note: 'For the sauce',
              is_header: true,
              no_amount: true,
            },
            {
              food: { name: 'soy sauce' },
              unit: { name: 'tbsp' },
              amount: 2,
              note: '',
              is_header: false,
            },
            { food: { name: 'salt' }, unit: null, amount: 1, note: 'to taste', no_amount: true },
            null,
          ],
        },
        null,
      ],
    });
    expect(readExport('tandoor.zip', tandoor)[0]?.recipe).toMatchObject({
      ingredients: ['2 tbsp soy sauce', 'salt, to taste'],
      steps: ['Mix the sauce.', 'Set aside.'],
    });
  });

  it("reads a Mealie recipe in its API's key style, in a zip or as a .json file", () => {
    const camel = {
      id: 'm-3',
      slug: 'test-dal',
      groupId: 'g-1',
      name: 'Test dal',
      recipeIngredient: [
        { referenceId: 'r1', originalText: null, display: '1 cup red lentils', note: '' },
        { referenceId: 'r2', note: 'salt, to taste' },
        null,
      ],
      recipeInstructions: [{ text: 'Rinse.' }, { text: 'Simmer.' }],
      recipeServings: 4,
      totalTime: '40 Minutes',
      recipeCategory: [{ name: 'Dinner' }],
      orgURL: 'https://cooks.example/dal',
    };
    const expected = {
      source: 'mealie',
      recipe: {
        name: 'Test dal',
        ingredients: ['1 cup red lentils', 'salt, to taste'],
        steps: ['Rinse.', 'Simmer.'],
        portions: 4,
        duration: 40,
        tags: ['dinner'],
        sourceUrl: 'https://cooks.example/dal',
        sourceId: 'm-3',
      },
    };
    const zip = zipSync({ 'recipes/test-dal/test-dal.json': strToU8(JSON.stringify(camel)) });
    expect(readExport('mealie.zip', zip)).toMatchObject([expected]);
    expect(readExport('test-dal.json', strToU8(JSON.stringify(camel)))).toMatchObject([expected]);
  });

  it("reads KitchenOwl's household export: items as lines, the Markdown method as steps", () => {
    const file = strToU8(
      JSON.stringify({
        name: 'Test household',
        items: [{ name: 'Flour', category: 'Baking' }],
        recipes: [
          {
            name: 'Test pancakes',
            description: '## Batter\n1. Whisk the @flour and @whole_milk.\n\n2. Rest **10 minutes**.\n- Fry.',
            time: 0,
            prep_time: 10,
            cook_time: 15,
            yields: 4,
            source: 'https://cooks.example/pancakes',
            photo: 'a1b2c3.jpg',
            items: [
              { name: 'flour', description: '1 cup', optional: false },
              { name: 'whole milk', description: '300 mL', optional: false },
              { name: 'lemon', description: '', optional: true },
            ],
            tags: ['Breakfast', 'Sweet'],
          },
          'not a recipe',
        ],
        expenses: [],
      }),
    );
    expect(readExport('kitchenowl.json', file)).toEqual([
      {
        source: 'kitchenowl',
        photo: null,
        recipe: {
          name: 'Test pancakes',
          description: null,
          ingredients: ['1 cup flour', '300 mL whole milk', 'lemon, optional'],
          steps: ['Batter', 'Whisk the flour and whole milk.', 'Rest 10 minutes.', 'Fry.'],
          portions: 4,
          duration: 25,
          author: null,
          image: null,
          tags: ['breakfast', 'sweet'],
          sourceUrl: 'https://cooks.example/pancakes',
          sourceId: null,
        },
      },
    ]);
  });

  it('refuses a zip bomb, ../ entry names, 50 MB files, too many lines, and bad files, in words', () => {
    const bomb = zipSync({ 'big.json': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(() => readExport('bomb.zip', bomb)).toThrow(/expands more than 100 times/);
    const slip = zipSync({ '../../etc/x.json': strToU8('{}') });
    expect(() => readExport('slip.zip', slip)).toThrow(/outside the export/);
    expect(() => readExport('huge.zip', new Uint8Array(EXPORT_CAPS.fileBytes))).toThrow(/50 MB or more/);
    const many = strToU8(
      JSON.stringify({ '@type': 'Recipe', name: 'Long one', recipeIngredient: Array(10_000).fill('1 egg') }),
    );
    expect(() => readExport('long.json', many)).toThrow(
      '"Long one" (long.json): 10000 ingredient lines, at most 200.',
    );
    expect(() => readExport('bad.json', strToU8('{oops'))).toThrow(ExportError);
    const gzBomb = zipSync({ 'x.paprikarecipe': gzipSync(new Uint8Array(20 * 1024 * 1024)) }, { level: 0 });
    expect(() => readExport('x.paprikarecipes', gzBomb)).toThrow(/expands too far/);
  });

  it('never throws anything but an ExportError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, zip) => {
        const file = zip ? new Uint8Array([0x50, 0x4b, ...bytes]) : bytes;
        try {
          readExport('any.zip', file);
        } catch (e) {
          expect(e).toBeInstanceOf(ExportError);
        }
      }),
    );
  });
});

describe("grocyArchive: Grocy's data folder, zipped", () => {
  const db = strToU8('SQLite format 3\u0000...');
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

  it("takes the database and the recipes' pictures, and leaves the rest of the folder unread", () => {
    const archive = grocyArchive(
      'grocy-backup.zip',
      zipSync({
        'data/grocy.db': db,
        'data/storage/recipepictures/pikelets.jpg': jpeg,
        'data/storage/recipepictures/notes.txt': strToU8('not a picture'),
        'data/storage/productpictures/egg.jpg': jpeg,
        'data/config.php': strToU8('<?php'),
      }),
    );
    expect(archive?.db).toEqual(db);
    expect([...(archive?.pictures ?? new Map())]).toEqual([
      ['pikelets.jpg', { bytes: jpeg, type: 'image/jpeg' }],
    ]);
  });

  it("takes the folder's own database, not an older copy deeper in it", () => {
    const old = strToU8('SQLite format 3\u0000 old');
    const archive = grocyArchive(
      'data.zip',
      zipSync({ 'data/backups/2025/grocy.db': old, 'data/grocy.db': db }),
    );
    expect(archive?.db).toEqual(db);
  });

  it('is null for a zip without grocy.db and for a file that is not a zip', () => {
    expect(grocyArchive('mealie.zip', zipSync({ 'recipes/soup/soup.json': strToU8('{}') }))).toBeNull();
    expect(grocyArchive('grocy.db', db)).toBeNull();
  });

  it('keeps to the caps of any export', () => {
    expect(() => grocyArchive('bomb.zip', zipSync({ 'grocy.db': new Uint8Array(5 * 1024 * 1024) }))).toThrow(
      ExportError,
    );
  });
});
