// The store's facts in posts: reading products' facts from the store, finding the products a post names and the
// claims it makes about them, checking them against the store ("Product facts"), and writing current prices in.
export {
  readProductFacts,
  PRODUCT_FACTS_QUERY,
  type AdminGraphqlQuery,
} from "../publishing/shopify/read-product-facts.ts";
export { checkProductFacts, priceRange, type CheckProductFactsInput } from "./check-product-facts.ts";
export { updatePostPrices, type UpdatedPrice } from "./update-post-prices.ts";
export { formatMoney } from "../contracts/format-money.ts";
export {
  checkPostAgainstStore,
  recheckPostFacts,
  storedProductFacts,
  type FactsRecheck,
  type RecheckPost,
} from "./recheck-post-facts.ts";
export { findNamedProducts } from "./find-named-products.ts";
export { describeProductFacts, withStoreFacts } from "./describe-product-facts.ts";
export { checkPostFacts, type CheckPostFactsDeps } from "./check-post-facts.ts";
export { toProductCards } from "./to-product-cards.ts";
export { refreshProductCards } from "./refresh-product-cards.ts";
export { searchStoreProducts, type StoreProductsDeps } from "./search-store-products.ts";
export { readStoreFeatured } from "./read-store-featured.ts";
