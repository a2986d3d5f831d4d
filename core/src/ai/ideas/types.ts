/** What the idea suggestions are asked from: the owner's niche and what their site sells and has written. */
export interface IdeasRequest {
  /** The owner's niche in their words, e.g. "organic gardening supplies". */
  niche: string;
  /** How many ideas to propose. */
  count: number;
  /** Titles of the site's products and collections (the index), to write about what the store sells. */
  offerings: string[];
  /** Titles already written or planned, to steer away from. */
  existing: string[];
}

export interface PostIdea {
  title: string;
  keywords: string[];
}
