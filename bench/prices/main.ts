// Runs the prices bench against DATABASE_URL and prints its rows as one JSON line (the last line
// of stdout), for bench/prices.bench.ts when it had to start a throwaway PostgreSQL.
import { measurePrices } from './measure.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const rows = await measurePrices(url);
process.stdout.write(`\n${JSON.stringify(rows)}\n`);
