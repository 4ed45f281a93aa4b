export {
  type Aisle,
  type AisleItem,
  aisleOrder,
  DEFAULT_AISLE_ORDERS,
  groupByAisle,
  isShopCategory,
  moveAisle,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_NAMES,
  type ShopCategory,
} from './aisles.ts';
