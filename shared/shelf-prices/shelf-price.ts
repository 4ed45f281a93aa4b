/** How a product's pack is measured in a feed: its size in grams, millilitres or items. */
export interface Pack {
  size: number;
  unit: 'g' | 'mL' | 'each';
  /** Sold loose by weight (fruit and vegetables, deli): priced per kg on the shelf. */
  loose?: boolean;
}

/** The unit price on an Australian shelf ticket (Unit Pricing Code): per 100 g, per 100 mL, each, or per kg. */
export interface ShelfUnitPrice {
  cents: number;
  per: '100 g' | '100 mL' | 'each' | 'kg';
}

/**
 * The unit price a shelf ticket shows for a pack at `priceCents` (the Unit Pricing Code's
 * bases: per 100 g or per 100 mL for packaged goods, per kg for loose produce, per item for
 * things sold by count), to the nearest cent. `null` for a pack that is not positive.
 * Monotone: a dearer pack of the same size never has a lower unit price.
 */
export function shelfUnitPrice(priceCents: number, pack: Pack): ShelfUnitPrice | null {
  if (typeof pack !== 'object' || pack === null || typeof pack.size !== 'number') return null;
  if (typeof priceCents !== 'number' || !(priceCents >= 0) || !Number.isFinite(priceCents)) return null;
  if (!(pack.size > 0) || !Number.isFinite(pack.size)) return null;
  if (pack.unit === 'each') return { cents: Math.round(priceCents / pack.size), per: 'each' };
  if (pack.loose && pack.unit === 'g')
    return { cents: Math.round((priceCents * 1000) / pack.size), per: 'kg' };
  return { cents: Math.round((priceCents * 100) / pack.size), per: pack.unit === 'g' ? '100 g' : '100 mL' };
}

/**
 * The pack measure text `ingredient_prices` holds (spec 3 "pack size text such as '500g' or
 * '1L'", read back by parsePackMeasure): '500g', '1.25L', '6 each'. Litres and kilograms from
 * 1000 up, so the spec's examples read as written; '' for a pack that is not positive.
 */
export function packMeasureText(pack: Pack): string {
  if (typeof pack !== 'object' || pack === null || typeof pack.size !== 'number' || !(pack.size > 0))
    return '';
  const trim = (n: number) => String(Math.round(n * 1000) / 1000);
  if (pack.unit === 'each') return `${trim(pack.size)} each`;
  if (pack.size >= 1000) return `${trim(pack.size / 1000)}${pack.unit === 'g' ? 'kg' : 'L'}`;
  return `${trim(pack.size)}${pack.unit}`;
}
