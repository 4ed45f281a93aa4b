import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../quantity/parse.ts';
import { durationMinutes, isoDurationMinutes, recipeMinutes } from './duration.ts';
import { parseIngredientLine } from './ingredient-line.ts';
import { indexIngredients, matchIngredient } from './match.ts';
import { plainText } from './plain-text.ts';
import { recipesInPage } from './schema-org.ts';

describe('parseIngredientLine: the lines people write', () => {
  it.each([
    ['2 cups plain flour, sifted', '2', 'cup', 'plain flour', 'sifted'],
    ['1 x 400g can diced tomatoes', '400', 'g', 'diced tomatoes', null],
    ['½ bunch coriander, leaves picked', '1/2', 'bunch', 'coriander', 'leaves picked'],
    ['250g (9oz) butter, softened', '250', 'g', 'butter', 'softened'],
    ['salt and pepper, to taste', 'to taste', null, 'salt and pepper', null],
    ['3-4 garlic cloves', '4', 'clove', 'garlic', '3-4'],
    ['1 1/2 cups milk', '1 1/2', 'cup', 'milk', null],
    ['2 eggs', '2', 'piece', 'eggs', null],
    ['a pinch of salt', '1', 'pinch', 'salt', null],
    ['8 oz cream cheese', '227', 'g', 'cream cheese', null],
    ['2 tablespoons of honey', '2', 'tbsp', 'honey', null],
  ])('%s', (text, quantity, unit, name, note) => {
    expect(parseIngredientLine(text)).toEqual({ text, quantity, unit, name, note, unread: false });
  });
  it('reads US cups and spoons as Australian ones when asked', () => {
    expect(parseIngredientLine('1 cup sugar', 'us')).toMatchObject({ quantity: '0.9', unit: 'cup' });
    expect(parseIngredientLine('1 cup sugar')).toMatchObject({ quantity: '1', unit: 'cup' });
  });
  it('keeps a line it cannot read as text, and says so', () => {
    expect(parseIngredientLine('')).toMatchObject({ unread: true, quantity: null });
    expect(parseIngredientLine('Juice of 1 lemon')).toMatchObject({
      quantity: null,
      name: 'Juice of 1 lemon',
    });
    expect(parseIngredientLine('99999 kg flour')).toMatchObject({ unread: true });
  });
  it('never throws, and whatever quantity it gives, the database takes (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.anything()), (text) => {
        const line = parseIngredientLine(text as string);
        return line.quantity === null || line.quantity === 'to taste' || parseQuantity(line.quantity) > 0;
      }),
    );
  });
  it('a line Larder writes reads back to the same quantity and unit (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('1', '2', '1/2', '1 1/2', '3/4', '250', '1.5'),
        fc.constantFrom('g', 'kg', 'mL', 'L', 'tsp', 'tbsp', 'cup', 'clove', 'bunch'),
        fc.constantFrom('plain flour', 'milk', 'garlic', 'coriander', 'butter'),
        (quantity, unit, name) => {
          const line = parseIngredientLine(`${quantity} ${unit} ${name}`);
          return (
            parseQuantity(line.quantity) === parseQuantity(quantity) &&
            line.unit === unit &&
            line.name === name
          );
        },
      ),
    );
  });
});

describe('matchIngredient: a Larder ingredient for a line, with synonyms and a confidence', () => {
  const index = indexIngredients([
    { id: 1, name: 'coriander' },
    { id: 2, name: 'plain flour' },
    { id: 3, name: 'tomato' },
    { id: 4, name: 'capsicum' },
    { id: 5, name: 'zucchini' },
  ]);
  it('matches the same name surely, and through the other names', () => {
    expect(matchIngredient('plain flour', index)).toEqual({
      ingredient: { id: 2, name: 'plain flour' },
      confidence: 1,
    });
    expect(matchIngredient('cilantro', index)?.ingredient.id).toBe(1);
    expect(matchIngredient('all-purpose flour', index)?.ingredient.id).toBe(2);
    expect(matchIngredient('red bell pepper', index)?.ingredient.id).toBe(4);
    expect(matchIngredient('courgette', index)?.ingredient.id).toBe(5);
    expect(matchIngredient('diced tomatoes', index)).toEqual({
      ingredient: { id: 3, name: 'tomato' },
      confidence: 1,
    });
  });
  it('marks a partial match for review and finds nothing for what Larder does not know', () => {
    expect(matchIngredient('zucchini flower', index)?.confidence).toBeLessThan(0.7);
    expect(matchIngredient('saffron threads', index)).toBeNull();
  });
});

describe('recipesInPage: schema.org Recipe from JSON-LD', () => {
  const page = (json: unknown) =>
    `<html><head><script type="application/ld+json">${JSON.stringify(json)}</script></head><body>Hello</body></html>`;
  it('reads a recipe in @graph with sections, a text yield and ISO durations', () => {
    const [recipe] = recipesInPage(
      page({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', name: 'Not this' },
          {
            '@type': ['Recipe'],
            name: 'Weeknight &amp; dal',
            recipeYield: ['4', '4 serves'],
            prepTime: 'PT10M',
            cookTime: 'PT1H5M',
            author: [{ '@type': 'Person', name: 'A. Cook' }],
            recipeIngredient: ['1 cup red lentils', '2 tsp cumin'],
            recipeInstructions: [
              {
                '@type': 'HowToSection',
                name: 'Dal',
                itemListElement: [{ '@type': 'HowToStep', text: 'Rinse the <b>lentils</b>.' }],
              },
              'Simmer.',
            ],
            image: { url: 'https://example.com/dal.jpg' },
            recipeCategory: 'Dinner',
            recipeCuisine: ['Indian'],
            keywords: 'weeknight & dal, lentils,  Vegan ,lentils',
          },
        ],
      }),
      'https://example.com/dal',
    );
    expect(recipe).toEqual({
      name: 'Weeknight & dal',
      description: null,
      ingredients: ['1 cup red lentils', '2 tsp cumin'],
      steps: ['Rinse the lentils .', 'Simmer.'],
      portions: 4,
      duration: 75,
      author: 'A. Cook',
      image: 'https://example.com/dal.jpg',
      // Its categories and cuisines; not the keywords written for search engines.
      tags: ['dinner', 'indian'],
      sourceUrl: 'https://example.com/dal',
      sourceId: 'https://example.com/dal',
    });
  });
  it("reads the photo's address against the page's, http and https only", () => {
    const photoOf = (image: unknown, pageUrl: string | null) =>
      recipesInPage(page({ '@type': 'Recipe', name: 'Toast', image }), pageUrl)[0]?.image;
    expect(photoOf(['/img/toast.jpg'], 'https://cooks.example/toast')).toBe(
      'https://cooks.example/img/toast.jpg',
    );
    expect(photoOf({ contentUrl: 'toast.png' }, 'https://cooks.example/r/toast')).toBe(
      'https://cooks.example/r/toast.png',
    );
    expect(
      photoOf(['javascript:alert(1)', 'data:image/png;base64,AA', 'https://cdn.example/t.jpg'], null),
    ).toBe('https://cdn.example/t.jpg');
    expect(photoOf('/img/toast.jpg', null)).toBeNull();
  });
  it('gives nothing for a page without a recipe or with broken JSON, and never HTML', () => {
    expect(recipesInPage('<html><script type="application/ld+json">{oops</script></html>')).toEqual([]);
    expect(recipesInPage(page({ '@type': 'Article', name: 'x' }))).toEqual([]);
    expect(plainText('<script>alert(1)</script>Tea &lt;hot&gt;')).toBe('alert(1) Tea <hot>');
  });
  it('reads ISO 8601 durations', () => {
    expect(isoDurationMinutes('PT1H30M')).toBe(90);
    expect(isoDurationMinutes('P1DT2H')).toBe(1560);
    expect(isoDurationMinutes('PT')).toBeNull();
    expect(isoDurationMinutes('90 minutes')).toBeNull();
  });
  it('reads times as recipe apps write them, and a total before its parts', () => {
    expect(durationMinutes('1 hour 30 minutes')).toBe(90);
    expect(durationMinutes('1 Hour 15 Minutes')).toBe(75);
    expect(durationMinutes('1 hr 30 mins')).toBe(90);
    expect(durationMinutes('1h30m')).toBe(90);
    expect(durationMinutes('about 45 min')).toBe(45);
    expect(durationMinutes('1.5 hours')).toBe(90);
    expect(durationMinutes('1:30')).toBe(90);
    expect(durationMinutes('20')).toBe(20);
    expect(durationMinutes(35)).toBe(35);
    expect(durationMinutes('PT1H')).toBe(60);
    expect(durationMinutes('overnight')).toBeNull();
    expect(durationMinutes('2 months')).toBeNull();
    expect(durationMinutes(null)).toBeNull();
    expect(recipeMinutes('1 hour', '10 min', '20 min')).toBe(60);
    expect(recipeMinutes(undefined, '10 min', null, '20 min')).toBe(30);
    expect(recipeMinutes('', null)).toBeNull();
    expect(recipeMinutes(0, 0)).toBeNull();
  });
  it('reads any time text as whole minutes or nothing (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const minutes = durationMinutes(value);
        return minutes === null || (Number.isInteger(minutes) && minutes >= 0);
      }),
    );
  });
  it('never throws on any page (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (html) =>
        Array.isArray(recipesInPage(html as string)),
      ),
    );
  });
});
