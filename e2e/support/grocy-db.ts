import initSqlJs from 'sql.js';

/**
 * A Grocy database as Grocy writes it (data/grocy.db; the columns Larder reads, as Grocy's
 * migrations create them), with two recipes (the first with a picture, x7k2_pikelets.jpg, which
 * lives beside the database in storage/recipepictures), one of Grocy's own meal-plan rows, and stock: eggs
 * in two entries (the sooner best-before `useBy`), flour that never goes off (Grocy's 2999-12-31)
 * and milk; a shopping list with milk and candles to buy, and flour ticked off; and a meal plan:
 * the pikelets for breakfast on `useBy`, the damper the day after (with a note), the pikelets
 * again a month on.
 */
export async function grocyDatabase(useBy: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`
    CREATE TABLE quantity_units (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, name TEXT NOT NULL UNIQUE,
      description TEXT, name_plural TEXT, plural_forms TEXT, active TINYINT NOT NULL DEFAULT 1);
    CREATE TABLE products (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, name TEXT NOT NULL UNIQUE,
      description TEXT, location_id INTEGER NOT NULL, qu_id_purchase INTEGER NOT NULL, qu_id_stock INTEGER NOT NULL);
    CREATE TABLE quantity_unit_conversions (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE,
      from_qu_id INT NOT NULL, to_qu_id INT NOT NULL, factor REAL NOT NULL, product_id INT);
    CREATE TABLE recipes (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, name TEXT NOT NULL, description TEXT,
      picture_file_name TEXT, base_servings INTEGER DEFAULT 1, desired_servings INTEGER DEFAULT 1,
      type TEXT DEFAULT 'normal');
    CREATE TABLE recipes_pos (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, recipe_id INTEGER NOT NULL,
      product_id INTEGER NOT NULL, amount REAL NOT NULL DEFAULT 0, note TEXT, qu_id INTEGER,
      ingredient_group TEXT, variable_amount TEXT);
    CREATE TABLE stock (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, product_id INTEGER NOT NULL,
      amount DECIMAL(15, 2) NOT NULL, best_before_date DATE, purchased_date DATE, stock_id TEXT NOT NULL,
      price DECIMAL(15, 2), open TINYINT NOT NULL DEFAULT 0, opened_date DATETIME, location_id INTEGER);
    CREATE VIEW recipes_resolved AS SELECT * FROM recipes;
    INSERT INTO quantity_units (id, name, name_plural) VALUES (1, 'Gram', 'Grams'), (2, 'Cup', 'Cups'),
      (3, 'Piece', 'Pieces');
    INSERT INTO products (id, name, location_id, qu_id_purchase, qu_id_stock) VALUES
      (1, 'Plain flour', 1, 1, 1), (2, 'Egg', 1, 3, 3), (3, 'Full-cream milk', 1, 2, 2), (4, 'Wattleseed', 1, 1, 1);
    INSERT INTO quantity_unit_conversions (from_qu_id, to_qu_id, factor, product_id) VALUES (1, 2, 0.008, 1);
    INSERT INTO recipes (id, name, description, base_servings, type, picture_file_name) VALUES
      (1, 'Test Grocy pikelets', '<p>Whisk the egg and milk.</p><p>Fold in the flour; fry spoonfuls.</p>', 4,
        'normal', 'x7k2_pikelets.jpg'),
      (2, 'Test Grocy damper', '<ol><li>Mix.</li><li>Bake.</li></ol>', 6, 'normal', NULL),
      (3, '2026-11-30', NULL, 1, 'mealplan-day', NULL);
    INSERT INTO recipes_pos (recipe_id, product_id, amount, note, qu_id, variable_amount) VALUES
      (1, 1, 250, NULL, 2, NULL), (1, 2, 1, NULL, 3, NULL), (1, 3, 1, 'cold', 2, NULL),
      (2, 1, 500, NULL, 1, NULL), (2, 4, 0, NULL, 1, 'a spoonful'),
      (3, 2, 2, NULL, 3, NULL);
    CREATE TABLE shopping_list (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, product_id INTEGER, note TEXT,
      amount DECIMAL(15, 2) NOT NULL DEFAULT 0, shopping_list_id INT DEFAULT 1, done INT DEFAULT 0, qu_id INTEGER);
    INSERT INTO shopping_list (product_id, note, amount, done, qu_id) VALUES
      (3, NULL, 2, 0, 2), (NULL, 'Birthday candles', 2, 0, NULL), (1, NULL, 1000, 1, 1);
    CREATE TABLE meal_plan_sections (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, name TEXT NOT NULL UNIQUE,
      sort_number INTEGER, time TEXT);
    CREATE TABLE meal_plan (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT UNIQUE, day DATE NOT NULL,
      type TEXT DEFAULT 'recipe', recipe_id INTEGER, recipe_servings INTEGER DEFAULT 1, note TEXT, product_id INTEGER,
      product_amount REAL DEFAULT 0, product_qu_id INTEGER, section_id INTEGER NOT NULL DEFAULT -1, done INT DEFAULT 0);
    INSERT INTO meal_plan_sections (id, name, sort_number) VALUES (-1, '', -1), (1, 'Breakfast', 1), (2, 'Dinner', 2);
    INSERT INTO meal_plan (day, type, recipe_id, recipe_servings, note, section_id) VALUES
      ('${useBy}', 'recipe', 1, 4, NULL, 1), (date('${useBy}', '+1 day'), 'recipe', 2, 6, NULL, -1),
      (date('${useBy}', '+1 day'), 'note', NULL, 1, 'Eat out', 2), (date('${useBy}', '+30 day'), 'recipe', 1, 2, NULL, 2);
    INSERT INTO stock (product_id, amount, best_before_date, stock_id) VALUES
      (2, 6, '2099-01-01', 'a'), (2, 4, '${useBy}', 'b'), (1, 1000, '2999-12-31', 'c'), (3, 2, NULL, 'd');
  `);
  const bytes = db.export();
  db.close();
  return Buffer.from(bytes);
}
