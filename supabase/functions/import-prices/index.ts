import { withCommon } from '../_shared/serve.ts';
import { importPrices } from './handler.ts';

Deno.serve(withCommon('import-prices', importPrices));
