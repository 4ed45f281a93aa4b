// Runs the RLS benchmark against DATABASE_URL and prints its rows as one JSON line (the last
// line of stdout), for bench/db-rls.bench.ts when it had to start a throwaway PostgreSQL.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRls } from './measure.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const rows = await measureRls(url, join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
process.stdout.write(`\n${JSON.stringify(rows)}\n`);
