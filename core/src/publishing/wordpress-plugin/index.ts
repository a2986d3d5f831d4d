export {
  callPlugin,
  createWordpressPluginTarget,
  readCode as readPluginErrorCode,
  readMessage as readPluginErrorMessage,
  pluginRouteUrl,
  publicationKeyOf,
  type WordpressPluginSite,
  type WordpressPluginTargetOptions,
} from "./create-wordpress-plugin-target.ts";
export {
  canonicalPluginQuery,
  PLUGIN_SIGNATURE_VERSION,
  pluginSignatureBase,
  signPluginRequest,
  type PluginRequestToSign,
} from "./sign-plugin-request.ts";
