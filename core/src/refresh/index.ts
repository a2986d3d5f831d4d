// Refreshing one of "Your posts": the writer proposes an update section by section (build-refresh-proposal.ts, with
// the model or the offline writer's rules), the owner takes all of it or chosen items (merge-refresh.ts), and only
// publishing writes it to the site, in place (same WordPress post or Shopify article, same address), keeping the
// previous version so that it can be restored in one click. Nothing is changed on the site without approval.
export { proposeRefresh, type RefreshDeps } from "./propose-refresh.ts";
export { getRefresh } from "./get-refresh.ts";
export { previewRefresh } from "./preview-refresh.ts";
export { publishRefresh } from "./publish-refresh.ts";
export { restoreRefresh } from "./restore-refresh.ts";
export { buildRefreshProposal, type AddedSection, type RefreshProposalInput } from "./build-refresh-proposal.ts";
export { mergeRefresh } from "./merge-refresh.ts";
export { splitPostSections, type PostSection } from "./split-post-sections.ts";
export { updateDatedYears } from "./update-dated-years.ts";
export { writeMissingSections, refreshSectionsSchema } from "./write-missing-sections.ts";
export { countRefreshProposal, MODEL_REFRESHES_AN_HOUR, REFRESH_PROPOSALS_AN_HOUR } from "./count-refresh-proposal.ts";
export { refreshArticle, refreshArticleUpdate, refreshTagsDelete } from "./shopify/shopify-operations.ts";
export type { EditablePost, PostVersion, RefreshScope } from "./types.ts";
