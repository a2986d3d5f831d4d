export {
  createWordpressPluginTarget,
  pluginRouteUrl,
  publicationKeyOf,
  type WordpressPluginSite,
  type WordpressPluginTargetOptions,
} from "./create-wordpress-plugin-target.ts";
export { signPluginRequest } from "./sign-plugin-request.ts";
