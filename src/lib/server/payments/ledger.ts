/**
 * The ledger's one writer: every row of `transactions` is inserted here, with its human code
 * (TX-2026-000123), and never updated. Balances and figures are sums of these rows.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { transactions } from '../db';
import { transactionCode } from '../../payments';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'code' | 'created_at' | 'updated_at'>;

/** Appends one entry to the ledger and answers it. */
export async function appendTransaction(tx: Db | Tx, entry: NewTransaction): Promise<TransactionRow> {
  const { rows } = (await tx.execute(sql`select nextval('transaction_codes')::int as n, extract(year from now())::int as y`)) as unknown as {
    rows: { n: number; y: number }[];
  };
  const [row] = await tx
    .insert(transactions)
    .values({ ...entry, code: transactionCode(Number(rows[0]!.y), Number(rows[0]!.n)) })
    .returning();
  return row!;
}
