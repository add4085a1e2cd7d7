// M-PAiSA payments still waiting for the provider's callback. When staff see the money arrive in the merchant
// account but no callback came, they confirm the payment here by its reference, which grants the month of access.
import { adminQueries } from "@/features/staff/api";
import { PagedList } from "./paged-list";
import { StaffSection } from "./staff-section";
import { usePagedQuery } from "./use-pages";
import { WalletPaymentsTable } from "./wallet-payments-table";
import { UnmatchedWalletPayments } from "./wallet-unmatched";

export function WalletPaymentsPanel() {
  const paged = usePagedQuery((page) => adminQueries.walletPayments({ status: "pending", ...page }));
  return (
    <StaffSection
      id="wallet-payments"
      title="Wallet payments"
      intro={
        <>
          M-PAiSA payments waiting for confirmation. Confirm one only after the money has reached the merchant
          account, with the amount received and the receipt number from the statement: the payer gets Document
          Portal access for that amount.
        </>
      }
    >
      <PagedList
        paged={paged}
        noun="wallet payments"
        emptyText="No wallet payments are waiting for confirmation."
        pagerLabel="Wallet payment pages"
      >
        <WalletPaymentsTable payments={paged.items} stale={paged.list.isPlaceholderData} />
      </PagedList>
      <UnmatchedWalletPayments />
    </StaffSection>
  );
}
