/** A commit as people read it: its first 7 hex digits, as git prints them. */
export const shortCommit = (commit: string) => commit.slice(0, 7)
