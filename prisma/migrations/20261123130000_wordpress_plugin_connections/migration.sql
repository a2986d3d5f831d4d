-- AlterTable
ALTER TABLE "custom_wordpress_connections" ADD COLUMN     "via" TEXT NOT NULL DEFAULT 'application_password';

-- CreateTable
CREATE TABLE "wordpress_connect_codes" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "siteUrl" TEXT NOT NULL,
    "restUrl" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wordpress_connect_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wordpress_site_credentials" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "credentialHash" TEXT NOT NULL,
    "signingSecret" TEXT NOT NULL,
    "restUrl" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wordpress_site_credentials_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "wordpress_connect_codes_codeHash_key" ON "wordpress_connect_codes"("codeHash");

-- CreateIndex
CREATE INDEX "wordpress_connect_codes_userId_idx" ON "wordpress_connect_codes"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "wordpress_site_credentials_connectionId_key" ON "wordpress_site_credentials"("connectionId");

-- CreateIndex
CREATE UNIQUE INDEX "wordpress_site_credentials_credentialHash_key" ON "wordpress_site_credentials"("credentialHash");

-- CreateIndex
CREATE INDEX "wordpress_site_credentials_userId_idx" ON "wordpress_site_credentials"("userId");

-- AddForeignKey
ALTER TABLE "wordpress_connect_codes" ADD CONSTRAINT "wordpress_connect_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wordpress_site_credentials" ADD CONSTRAINT "wordpress_site_credentials_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wordpress_site_credentials" ADD CONSTRAINT "wordpress_site_credentials_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "custom_wordpress_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

