import { withCommon } from '../_shared/serve.ts';
import { priceBasketHandler } from './handler.ts';

Deno.serve(withCommon('price-basket', priceBasketHandler));
