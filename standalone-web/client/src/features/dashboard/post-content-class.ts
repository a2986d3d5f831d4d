import { cn } from "../../lib/utils";

/** Typography for the post's HTML (headings, lists, links, quotes, images, tables), scoped to the content box. */
export const postContentClass = cn(
  "max-w-none break-words text-[0.975rem] leading-7 text-foreground",
  "[&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:font-display [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:leading-tight",
  "[&_h2]:mb-3 [&_h2]:mt-7 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-snug",
  "[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_h4]:mb-2 [&_h4]:mt-4 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_code]:font-mono [&_code]:text-sm",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:bg-muted [&_th]:p-2 [&_th]:text-left",
  // Product cards ("Show as product cards"): a bordered block with the picture, name, price, stock and link.
  "[&_.postwright-product-card]:my-4 [&_.postwright-product-card]:grid [&_.postwright-product-card]:max-w-sm [&_.postwright-product-card]:gap-1 [&_.postwright-product-card]:rounded-lg [&_.postwright-product-card]:border [&_.postwright-product-card]:border-border [&_.postwright-product-card]:p-4",
  "[&_.postwright-product-card_img]:my-0 [&_.postwright-product-card_img]:max-h-48 [&_.postwright-product-card_img]:object-cover [&_.postwright-product-card_p]:my-0 [&_.postwright-product-card__name]:font-semibold [&_.postwright-product-card__availability]:text-sm [&_.postwright-product-card__availability]:text-muted-foreground",
  "[&>:first-child]:mt-0",
);
