import initSqlJs from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { checkExportSize, ExportError, grocyArchive } from '../../../shared/recipe-import/exports.ts';
import { GROCY_TABLES, type GrocyTables, isSqlite } from '../../../shared/recipe-import/grocy.ts';

/** The tables of a file a person chose as Grocy's (`bytes`): its database, or its data folder zipped. */
export async function readGrocyFile(name: string, bytes: Uint8Array): Promise<GrocyTables> {
  checkExportSize(name, bytes);
  const db = isSqlite(bytes) ? bytes : grocyArchive(name, bytes)?.db;
  if (!db) throw new ExportError(`${name} is not a Grocy database (data/grocy.db).`);
  return readGrocyTables(name, db);
}

/**
 * The tables Larder reads of a Grocy database file (data/grocy.db: recipes, stock, shopping list, meal plan).
 * SQLite is read by sql.js in the browser, loaded with this module: the file never leaves the
 * device. Only real tables are read, never views, so a crafted file cannot make the tab run a
 * query of its own. A database without Grocy's products is refused.
 */
export async function readGrocyTables(fileName: string, bytes: Uint8Array): Promise<GrocyTables> {
  const SQL = await initSqlJs({ locateFile: () => wasmUrl });
  let db: InstanceType<typeof SQL.Database>;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw new ExportError(`${fileName} is not a database Larder can read.`);
  }
  try {
    const tables = new Set(
      rowsOf(db, "select name from sqlite_master where type = 'table'").map((r) => String(r.name)),
    );
    if (!tables.has('products') || !tables.has('quantity_units'))
      throw new ExportError(`${fileName} is not a Grocy database (data/grocy.db).`);
    const read = {} as Record<keyof GrocyTables, Record<string, unknown>[]>;
    for (const name of GROCY_TABLES)
      read[name] = tables.has(name) ? rowsOf(db, `select * from "${name}"`) : [];
    return read;
  } catch (error) {
    if (error instanceof ExportError) throw error;
    throw new ExportError(`${fileName} could not be read as a Grocy database.`);
  } finally {
    db.close();
  }
}

function rowsOf(db: { exec(sql: string): { columns: string[]; values: unknown[][] }[] }, sql: string) {
  const [result] = db.exec(sql);
  if (!result) return [];
  return result.values.map((values) =>
    Object.fromEntries(result.columns.map((column, i) => [column, values[i]])),
  );
}
