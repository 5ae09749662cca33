import type { Kysely } from "kysely";

/** Timestamps are epoch milliseconds everywhere (bigint columns, read back as numbers). */
export interface SubscriptionsTable {
  email: string;
  terms_version: string;
  privacy_version: string;
  locale: string;
  created_at: number;
}

export interface Database {
  subscriptions: SubscriptionsTable;
}

export type Db = Kysely<Database>;
