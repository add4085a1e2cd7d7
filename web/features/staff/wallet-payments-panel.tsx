// M-PAiSA payments still waiting for the provider's callback. When staff see the money arrive in the merchant
// account but no callback came, they confirm the payment here by its reference, which grants the month of access.
import { useState } from "react";
import { adminQueries, PAGE_SIZE } from "@/features/staff/api";
import { PagedList } from "./paged-list";
import { useListQuery } from "./use-pages";
import { WalletPaymentsTable } from "./wallet-payments-table";
import { UnmatchedWalletPayments } from "./wallet-unmatched";

export function WalletPaymentsPanel() {
  const [offset, setOffset] = useState(0);
  const list = useListQuery(adminQueries.walletPayments({ status: "pending", limit: PAGE_SIZE, offset }));
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="wallet-payments-title" className="grid gap-5">
      <div>
        <h2 id="wallet-payments-title" className="text-xl font-semibold text-slate-900">
          Wallet payments
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          M-PAiSA payments waiting for confirmation. Confirm one only after the money has reached the merchant
          account, with the amount received and the receipt number from the statement: the payer gets Document
          Portal access for that amount.
        </p>
      </div>
      <PagedList
        list={list}
        count={items.length}
        total={list.data?.total}
        noun="wallet payments"
        emptyText="No wallet payments are waiting for confirmation."
        pagerLabel="Wallet payment pages"
        offset={offset}
        onOffsetChange={setOffset}
      >
        <WalletPaymentsTable payments={items} stale={list.isPlaceholderData} />
      </PagedList>
      <UnmatchedWalletPayments />
    </section>
  );
}
