/** A chain product row for tests: a 750 g pack at Woolworths, seen to 2026-11-20, unless `fields` say otherwise. */
export function testProduct(
  id: number,
  name: string,
  fields: { chain?: 'coles' | 'woolworths' | 'aldi'; source?: string } = {},
) {
  return {
    id,
    chain: fields.chain ?? ('woolworths' as const),
    sku: `S${id}`,
    name,
    brand: null,
    pack_size: 750,
    pack_unit: 'g' as const,
    pack_text: null,
    sold_loose: false,
    grams_each: null,
    first_seen: '2026-01-01',
    last_seen: '2026-11-20',
    source: fields.source ?? 'fixture',
  };
}
