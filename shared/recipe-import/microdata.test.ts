import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { microdataNodes } from './microdata.ts';
import { recipesInPage } from './schema-org.ts';

// Written by hand for this test: a recipe marked up in microdata, with an author item inside it.
const page = `<!doctype html><html><body>
<div itemscope itemtype="https://schema.org/Recipe">
  <h1 itemprop="name">Lemon &amp; herb chicken</h1>
  <div itemprop="author" itemscope itemtype="https://schema.org/Person">by <span itemprop="name">Jo Tester</span></div>
  <img itemprop="image" src="https://pics.example/chicken.jpg" alt="">
  <meta itemprop="totalTime" content="PT1H10M">
  <span itemprop="recipeYield">Serves 4</span>
  <span itemprop="recipeCategory">Main course</span> · <span itemprop="recipeCategory">Roasts</span>
  <p itemprop="description">A <em>weeknight</em> roast.</p>
  <ul>
    <li itemprop="recipeIngredient">1.5 kg chicken</li>
    <li itemprop="recipeIngredient">2 lemons<script>alert(1)</script></li>
    <li itemprop="recipeIngredient">1 bunch thyme</li>
  </ul>
  <ol itemprop="recipeInstructions"><li>Heat the oven.</li><li>Roast the <b>chicken</b>.</li></ol>
</div></body></html>`;

describe('recipesInPage: schema.org Recipe from microdata', () => {
  it('reads a microdata recipe as a JSON-LD one, the author item kept apart from the name', () => {
    expect(recipesInPage(page, 'https://cooks.example/chicken')).toEqual([
      {
        name: 'Lemon & herb chicken',
        description: 'A weeknight roast.',
        ingredients: ['1.5 kg chicken', '2 lemons alert(1)', '1 bunch thyme'],
        steps: ['Heat the oven.', 'Roast the chicken .'],
        portions: 4,
        duration: 70,
        author: 'Jo Tester',
        image: 'https://pics.example/chicken.jpg',
        tags: ['main course', 'roasts'],
        sourceUrl: 'https://cooks.example/chicken',
        sourceId: 'https://cooks.example/chicken',
      },
    ]);
  });

  it('finds nothing on a page without a recipe item, and never throws', () => {
    expect(
      microdataNodes('<div itemscope itemtype="https://schema.org/Person"><b itemprop="name">x</b></div>'),
    ).toEqual([]);
    fc.assert(fc.property(fc.string(), (html) => Array.isArray(microdataNodes(html))));
    fc.assert(
      fc.property(fc.string(), (tail) =>
        Array.isArray(
          recipesInPage(`<div itemscope itemtype="http://schema.org/Recipe"><i itemprop="name">${tail}`),
        ),
      ),
    );
  });
});
