import { withCommon } from '../_shared/serve.ts';
import { cleanupMeals } from './handler.ts';

Deno.serve(withCommon('cleanup-meals', cleanupMeals));
