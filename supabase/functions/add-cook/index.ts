import { withCommon } from '../_shared/serve.ts';
import { addCook } from './handler.ts';

Deno.serve(withCommon('add-cook', addCook));
