/**
 * Larder's domain rules (CONTRACTS 5): pure TypeScript, no I/O, imported unchanged by the edge
 * functions (Deno) and the web app (Vite). Each name's JSDoc cites the spec section it implements.
 *
 * @module
 */
export * from './aisles/index.ts';
export * from './basket/index.ts';
export * from './cook-from-pantry/index.ts';
export * from './dates/index.ts';
export * from './display/index.ts';
export * from './limits/index.ts';
export * from './nutrition/index.ts';
export * from './pricing/index.ts';
export * from './profile/index.ts';
export * from './put-away/index.ts';
export * from './quantity/index.ts';
export * from './recipe-import/index.ts';
export * from './recipes/index.ts';
export * from './shelf-prices/index.ts';
export * from './streams/index.ts';
export * from './units/index.ts';
