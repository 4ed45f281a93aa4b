export { formatQuantity, SNAP_DENOMINATORS, SNAP_TOLERANCE } from './format.ts';
export { parseQuantity } from './parse.ts';
export { pluralizeUnit } from './plural.ts';
