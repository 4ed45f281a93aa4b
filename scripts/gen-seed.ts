/** Writes supabase/seed.sql from the readable source data in supabase/seed-data/ (npm run gen:seed). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSeedSql } from '../supabase/seed-data/sql.ts';

const target = fileURLToPath(new URL('../supabase/seed.sql', import.meta.url));
writeFileSync(target, renderSeedSql());
console.log(`wrote ${target}`);
