import { withCommon } from '../_shared/serve.ts';
import { priceRecipeHandler } from './handler.ts';

Deno.serve(withCommon('price-recipe', priceRecipeHandler));
