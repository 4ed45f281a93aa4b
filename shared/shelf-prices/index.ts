export {
  ALDI_SOURCE,
  type AldiOptions,
  type AldiPack,
  readAldiSearch,
  readAldiSellingSize,
  readDisplayedCents,
} from './aldi.ts';
export { dollarsToCents } from './cents.ts';
export {
  basketCostTrend,
  type CostTrend,
  type CostTrendPoint,
  costTrend,
  type TrendProduct,
} from './cost-trend.ts';
export { type CsvParse, type CsvRecord, parseCsv } from './csv.ts';
export {
  FEED_COLUMNS,
  FEED_FORMAT,
  FEED_LIMITS,
  FEED_VERSION,
  type FeedError,
  type FeedKind,
  type FeedMapping,
  type FeedPrice,
  type FeedProduct,
  type FeedRead,
  type FeedRows,
  type FeedRowTypes,
  feedError,
  groupDigits,
  MATCH_KINDS,
  type MatchKind,
  ONLINE_STORE,
  PACK_UNITS,
  type PackUnit,
  PROMO_KINDS,
  type PromoKind,
  readFeedRecord,
  type Sourced,
  validGtin,
} from './feed.ts';
export {
  combineFeeds,
  describeFeedErrors,
  type FeedReadOptions,
  feedToday,
  readFeedCsv,
  readFeedJson,
} from './feed-read.ts';
export { daysUnseen, isStale, STALE_AFTER_DAYS } from './freshness.ts';
export { HOTPRICES_SOURCE, type HotpricesOptions, readHotprices } from './hotprices.ts';
export {
  type ImportFile,
  type ImportFileFormat,
  type PreparedImport,
  type PrepareOptions,
  prepareImport,
} from './import-files.ts';
export { describeOutcome, type ImportOutcome, type PriceImportLog } from './import-outcome.ts';
export { ingredientPackMeasure, type ProductPack } from './measure.ts';
export { matchProductsByName } from './name-match.ts';
export { type Pack, packMeasureText, type ShelfUnitPrice, shelfUnitPrice } from './shelf-price.ts';
export { collapsePrices, type HistoryRow, historySpans } from './spans.ts';
export {
  isSpecialVerdict,
  judgeSpecial,
  type PriceSpan,
  pricesByDay,
  type SpecialJudgement,
  type SpecialVerdict,
  VERDICT_WORDS,
} from './special.ts';
export { type StageChunk, stageChunks } from './stage-rows.ts';
