export {
  type Basket,
  type BasketLine,
  type ChainBasket,
  type PackOffer,
  packOffer,
  packsFor,
  priceBasket,
} from './basket.ts';
export { type ListLine, listNeeds } from './list-needs.ts';
export {
  type BaseUnit,
  baseUnitOf,
  type NeedLine,
  type PantryHolding,
  type PlannedMeal,
  shoppingNeeds,
  toBase,
} from './needs.ts';
