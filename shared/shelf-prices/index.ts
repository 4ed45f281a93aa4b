export { dollarsToCents } from './cents.ts';
export { type Pack, packMeasureText, type ShelfUnitPrice, shelfUnitPrice } from './shelf-price.ts';
export {
  judgeSpecial,
  type PriceSpan,
  type SpecialJudgement,
  type SpecialVerdict,
  VERDICT_WORDS,
} from './special.ts';
