// Runs the load benchmark against DATABASE_URL and prints its rows as one JSON line (the last
// line of stdout), for bench/load.bench.ts when it had to start a throwaway PostgreSQL.
import { measureLoad } from './measure.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const rows = await measureLoad(url, 'PostgreSQL');
process.stdout.write(`\n${JSON.stringify(rows)}\n`);
