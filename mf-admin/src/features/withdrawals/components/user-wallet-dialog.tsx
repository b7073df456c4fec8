import { useCallback } from 'react';
import type { AdminUserWallet } from '@portal/contracts';
import { formatYuan } from '@portal/platform';
import { RecordDialog, type RecordRow } from '../../../engine/components/record-dialog';
import { chargeWallet } from '../api/charge-wallet';
import { withdrawalLabels as t } from '../labels';

/** spec-2 §3 "wallet (of that user)": money, address type, address (as text). */
export function userWalletRows(wallet: AdminUserWallet): RecordRow[] {
  return [
    [t.walletMoney, formatYuan(wallet.money)],
    [t.addressType, wallet.addressType || t.noAddress],
    [t.address, wallet.address || t.noAddress],
  ];
}

export interface UserWalletDialogProps {
  uid: string;
  email: string;
  onClose: () => void;
}

/** 详情: the withdrawing user's wallet, fetched when opened (/api/admin/charge/wallet). */
export default function UserWalletDialog({ uid, email, onClose }: UserWalletDialogProps) {
  const load = useCallback(() => chargeWallet(uid), [uid]);
  return (
    <RecordDialog
      title={t.detailTitle(email)}
      testId="charge-wallet-dialog"
      load={load}
      rows={userWalletRows}
      onClose={onClose}
    />
  );
}
