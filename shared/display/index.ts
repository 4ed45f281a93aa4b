export { type DisplayedAmount, displayAmount, formatAmountText, formatBaseAmount } from './amount.ts';
