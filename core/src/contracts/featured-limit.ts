// How many products or collections one post can feature, on every surface (the plugin's screens read it from here
// without the contracts' validation library).
export const MAX_FEATURED_ITEMS = 5;
