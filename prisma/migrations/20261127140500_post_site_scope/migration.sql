-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "wordpressConnectionId" INTEGER;

-- AlterTable
ALTER TABLE "generation_jobs" ADD COLUMN     "wordpressConnectionId" INTEGER;

-- Posts a WordPress content plan prepared belong to the plan's site.
UPDATE "custom_blog_posts" AS p
SET "wordpressConnectionId" = cp."connectionId"
FROM "content_plan_items" AS i
JOIN "content_plans" AS cp ON cp."id" = i."planId"
WHERE i."postId" = p."id" AND cp."platform" = 'wordpress' AND cp."connectionId" IS NOT NULL;

-- Posts already in a WordPress site belong to it when the account has exactly one site connected through the plugin
-- (the only site whose credential could have asked for them).
UPDATE "custom_blog_posts" AS p
SET "wordpressConnectionId" = c."id"
FROM "custom_wordpress_connections" AS c
WHERE p."wordpressConnectionId" IS NULL
  AND p."wordpressPostId" IS NOT NULL
  AND c."userId" = p."userId"
  AND c."via" = 'plugin'
  AND (SELECT count(*) FROM "custom_wordpress_connections" AS o WHERE o."userId" = p."userId" AND o."via" = 'plugin') = 1;
