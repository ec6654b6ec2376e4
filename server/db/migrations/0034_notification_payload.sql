-- Sync notifications accumulate while unread (decision 080): what a notification sums up (a stack_synced's added,
-- removed and flagged tool names and how many changes) so that a new sync merges into the unread one.
ALTER TABLE "notification" ADD COLUMN "payload" jsonb;
