-- CreateTable
CREATE TABLE "generation_reservations" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "monthYear" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "generation_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "generation_reservations_expiresAt_idx" ON "generation_reservations"("expiresAt");

-- CreateIndex
CREATE INDEX "generation_reservations_userId_idx" ON "generation_reservations"("userId");

