-- AlterTable
ALTER TABLE "custom_users" ADD COLUMN     "autopilotDigestAt" TIMESTAMP(3);

