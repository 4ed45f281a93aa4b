export { type DisplayedAmount, displayAmount, formatAmountText } from './amount.ts';
