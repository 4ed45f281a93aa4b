export { type PantryTake, pantryTakes } from './cooked.ts';
export {
  type BoughtLine,
  type FieldError,
  type PantryRow,
  type PutAwayEntry,
  planPutAway,
} from './put-away.ts';
