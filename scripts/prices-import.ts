/**
 * `npm run prices:import -- FILE… [options]`: imports price feeds into the local stack or a
 * hosted Supabase project as the service role (docs/price-feed.md). Every row of every file is
 * checked first; nothing is written if any is wrong, and the errors name file, line and field.
 *
 *   --date YYYY-MM-DD   the day an Aldi product-search file was saved (else a date in its name)
 *   --as-of YYYY-MM-DD  the day a hotprices-au file was made (else its newest date)
 *   --dry-run           check the files only
 *   --force             apply even if the same files were imported before
 *   --by NAME           who imports (the import log's imported_by; default user@host)
 *   --url URL, --key KEY  the project (default SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, else
 *                       the local stack on STACK_PORT with its service-role key)
 *
 * Exit status: 0 applied (or already imported), 1 the files or the database refused it, 2 usage.
 */
import { readFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { groupDigits } from '../shared/shelf-prices/feed.ts';
import { describeFeedErrors } from '../shared/shelf-prices/feed-read.ts';
import { prepareImport } from '../shared/shelf-prices/import-files.ts';
import { describeOutcome } from '../shared/shelf-prices/import-outcome.ts';
import { DEFAULT_JWT_SECRET, makeKeys } from '../stack/src/keys.ts';
import { applyImport, ImportError } from '../supabase/functions/_shared/price-import.ts';
import { serviceClient } from './prices/client.ts';

const USAGE =
  'usage: npm run prices:import -- FILE… [--date D] [--as-of D] [--dry-run] [--force] [--by NAME] [--url URL] [--key KEY]';

function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        date: { type: 'string' },
        'as-of': { type: 'string' },
        'dry-run': { type: 'boolean' },
        force: { type: 'boolean' },
        by: { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return error as Error;
  }
}

async function main(): Promise<number> {
  const parsed = readArgs();
  if (parsed instanceof Error) {
    console.error(`${parsed.message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const names = [...new Set(positionals)];
  const files = [];
  for (const name of names) {
    try {
      files.push({ name, bytes: await readFile(name) });
    } catch (error) {
      console.error(
        `${name}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      );
      return 1;
    }
  }
  const prepared = await prepareImport(files, {
    ...(values.date ? { date: values.date } : {}),
    ...(values['as-of'] ? { asOf: values['as-of'] } : {}),
  });
  if (prepared.errors.length > 0) {
    for (const line of describeFeedErrors(prepared.errors)) console.error(line);
    console.error(
      `nothing imported: ${groupDigits(prepared.errors.length)} error(s); fix them and run the import again`,
    );
    return 1;
  }
  console.log(
    `checked ${groupDigits(prepared.rowsRead)} rows (${prepared.formats.join(', ')}): ${groupDigits(prepared.rows.products.length)} products, ${groupDigits(prepared.priceRows)} prices in ${groupDigits(prepared.spans.length)} spans, ${groupDigits(prepared.rows.ingredient_products.length)} ingredient matches`,
  );
  if (values['dry-run']) {
    console.log('dry run: nothing sent');
    return 0;
  }
  const url = values.url ?? process.env.SUPABASE_URL ?? `http://127.0.0.1:${process.env.STACK_PORT ?? 54321}`;
  const key =
    values.key ??
    process.env.SUPABASE_SERVICE_ROLE_KEY ??
    (await makeKeys(process.env.SUPABASE_JWT_SECRET ?? DEFAULT_JWT_SECRET)).serviceRoleKey;
  const client = serviceClient(url, key);
  const importedBy = values.by ?? `${userInfo().username}@${hostname()}`;
  try {
    const outcome = await applyImport(client, prepared, {
      importedBy,
      force: values.force ?? false,
      log: (line) => console.log(line),
    });
    console.log(describeOutcome(outcome));
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      for (const line of describeFeedErrors(error.errors)) console.error(line);
      console.error(`nothing imported: ${error.message}`);
      return 1;
    }
    console.error(`nothing imported: ${(error as Error).message} (is the stack running at ${url}?)`);
    return 1;
  }
}

process.exitCode = await main();
