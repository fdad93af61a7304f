import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Top-level domains on sale; each is one NFT collection on the ledger. */
export const tlds = pgTable('tlds', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull().default(100),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
