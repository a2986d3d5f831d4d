-- CreateTable
CREATE TABLE "uploaded_images" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploaded_images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "uploaded_images_filename_key" ON "uploaded_images"("filename");

-- CreateIndex
CREATE INDEX "uploaded_images_userId_createdAt_idx" ON "uploaded_images"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "uploaded_images_createdAt_idx" ON "uploaded_images"("createdAt");

-- AddForeignKey
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

