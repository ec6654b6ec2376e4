-- An address grants nothing until it is proved (decision 074): a role given at sign-up to an ADMIN_EMAILS address
-- that was never verified is taken back; it is given again when that address is proved. An unverified account's
-- pending change of address, made before the rule, is dropped: such an account now starts over at the new address.
UPDATE "user" SET "role" = 'user' WHERE "email_verified" = false AND "role" <> 'user';
--> statement-breakpoint
DELETE FROM "email_verification" WHERE "purpose" = 'change'
  AND "user_id" IN (SELECT "id" FROM "user" WHERE "email_verified" = false);
