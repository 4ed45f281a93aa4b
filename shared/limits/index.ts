export * from './fields.ts';
export { charLength, LIMITS } from './limits.ts';
export { FIELD_MESSAGES } from './messages.ts';
export { normalizeName, normalizeTag } from './normalize-name.ts';
export { isQuantityText, QUANTITY_TEXT_PATTERN, ZERO_QUANTITY_PATTERN } from './quantity-text.ts';
