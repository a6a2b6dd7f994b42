// The wallet statement: every balance change, by type and date range.
export { WalletRecords as default } from '../../money/records/WalletRecords.tsx';
