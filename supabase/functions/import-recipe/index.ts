import { withCommon } from '../_shared/serve.ts';
import { importRecipeHandler } from './handler.ts';

Deno.serve(withCommon('import-recipe', importRecipeHandler));
