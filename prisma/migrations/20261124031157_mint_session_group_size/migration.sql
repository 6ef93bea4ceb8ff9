-- Execute refuses a session of a multi-NFT prepare outside a batch. Prepare now records the
-- group's size on each session, so execute no longer counts the group per request.
ALTER TABLE "MintSession" ADD COLUMN     "groupSize" INTEGER NOT NULL DEFAULT 1;

-- Sessions prepared before this migration: their group's size, counted once.
UPDATE "MintSession" AS s SET "groupSize" = g.size
FROM (SELECT "groupId", count(*)::int AS size FROM "MintSession" GROUP BY "groupId" HAVING count(*) > 1) AS g
WHERE s."groupId" = g."groupId";
