// The score bands live with the API contracts, where the clients read them too.
export { seoRating, type SeoRating } from "../contracts/seo-rating.ts";
