/** Answers of the console's API (`/console/api` on the admin listener): the one vocabulary of console and server. */
import type { Deposit } from './deposits.ts';
import type { Withdrawal, WithdrawStatus } from './withdrawals.ts';

/** A user as the operator lists them (the admin API's `users`, the console's search). */
export interface AdminUser {
  id: number;
  username: string;
  phone: string | null;
  email: string | null;
  vipLevel: number;
  balance: string;
  frozen: string;
  /** Global mask flag; null when never set. */
  isOrder: boolean | null;
  createdAt: string;
}

/**
 * For the operators' console, never for users: a review queue changed. `new` when a user submits a
 * deposit or withdrawal, `decided` when an operator moves one, `claimed` when one is opened.
 */
export interface QueueEvent {
  queue: 'deposit' | 'withdrawal';
  orderNo: string;
  change: 'new' | 'decided' | 'claimed';
}

/** How a config value is checked before it is stored. */
export type ConfigRule = 'flag' | 'number' | 'count' | 'https' | 'link' | 'codeType' | 'text';

/** A quote the price gate halted (server/market/plausible.ts): no new orders on it until it ends. */
export interface MarketHalt {
  symbol: string;
  /** Epoch ms of the first refused price. */
  since: number;
  reason: string;
  /** An operator already decided to trust the market's price; the halt ends on the fetcher's next pass. */
  released: boolean;
}

export interface ConsoleMe {
  name: string;
  /** server/operator/console/roles.ts: the console hides what these do not allow. */
  roles: string[];
  /** The app's money symbol (config `moneySymbol`), shown with every amount. */
  currency: string;
  /** Config `fourEyes.above`: a money decision above it waits for a second operator. */
  fourEyesAbove: string;
}

/** A money decision waiting for a second operator (server/operator/console/four-eyes.ts). */
export interface Proposal {
  id: number;
  kind: 'balance' | 'withdrawal' | 'methodHold';
  /** The user's name (balance), the withdrawal's order number, or `method:<id>` (a hold to lift). */
  target: string;
  username: string;
  /** Signed for a balance adjustment; for a hold, the balance the lifted method could receive. */
  amount: string;
  /** Balance: `{ reason }`; withdrawal: `{ status, reason?, reasonKey? }`. */
  action: { reason?: string; status?: string; reasonKey?: string };
  proposedBy: string;
  at: number;
  status: 'open' | 'approved' | 'rejected' | 'withdrawn';
  decidedBy: string | null;
}

/** An answer of a money decision: done at once, or waiting for a second operator. */
export interface Proposed {
  proposal: Proposal;
}

export interface OperatorRow {
  name: string;
  roles: string[];
}

export interface QueueCounts {
  deposits: number;
  withdrawals: number;
}

export interface QueuedDeposit extends Deposit {
  username: string;
  userId: number;
  /** The stored name of the proof photo: `/console/api/uploads/<proofFile>`. */
  proofFile: string | null;
  /** Another operator who has it open now, or null. */
  heldBy: string | null;
}

export interface DepositReview {
  deposit: QueuedDeposit;
  /** The same user's other deposits, newest first, with their outcomes. */
  previous: Deposit[];
}

/** One sign-in of a user as the console shows it; the address is shown nowhere else. */
export interface SignIn {
  at: number;
  /** The client's address as the server saw it (behind a trusted proxy, the forwarded one). */
  ip: string;
  /** Browser and system, shortened: "Chrome 120 · Android 13". */
  agent: string;
  how: 'password' | 'partner' | 'register' | 'passkey';
}

export interface QueuedWithdrawal extends Withdrawal {
  username: string;
  userId: number;
  /** The user's balance and frozen amount now. */
  balance: string;
  frozen: string;
  /** The statuses this withdrawal may move to (the command line's `withdraw set`). */
  moves: WithdrawStatus[];
  /** The user's newest sign-ins, newest first. */
  logins: SignIn[];
  /** The user's payment methods that cannot receive a withdrawal yet (bound or changed recently). */
  heldMethods: HeldMethod[];
  /** Another operator who has it open now, or null. */
  heldBy: string | null;
  /** An approval that waits for a second operator (four eyes), or null. */
  proposal: OpenProposal | null;
}

/** A proposal as the item it is about shows it. */
export interface OpenProposal {
  id: number;
  proposedBy: string;
  at: number;
}

/** A payment method under the new-method hold (server/money/hold.ts). */
export interface HeldMethod {
  id: number;
  kind: string;
  /** The account, address or QR image it pays to. */
  account: string | null;
  /** Epoch ms when the hold ends by itself. */
  heldUntil: number;
}

/** Opening an item: the other operator who already has it open, or null when this one now has it. */
export interface Claim {
  heldBy: string | null;
}

export interface AuditRow {
  id: number;
  at: number;
  operator: string;
  /** Under four eyes, who proposed what `operator` approved. */
  proposedBy: string | null;
  kind: string;
  target: string;
  userId: number | null;
  /** The user's name now, for a row about a user. */
  username: string | null;
  before: unknown;
  after: unknown;
}

/** One user's page: who they are, their money and its history, how they pay and are reached. */
export interface ConsoleUser {
  id: number;
  username: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
  vipLevel: number;
  /** The global mask (docs/rules.md#global-mask) shows on the user's screens. */
  masked: boolean;
  createdAt: number;
  balance: string;
  frozen: string;
  bills: Array<{ id: number; bizType: string; amount: string; balanceAfter: string; frozenDelta: string; remark: string; ref: string | null; time: number }>;
  orders: Array<{ orderNo: string; symbol: string; direction: string; amount: string; status: string; result: string | null; payout: string | null; time: number }>;
  deposits: Deposit[];
  withdrawals: Withdrawal[];
  /** `heldUntil`: epoch ms until which the method receives no withdrawal, or null. */
  methods: Array<{ id: number; kind: string; payee: string | null; bankName: string | null; account: string | null; network: string | null; heldUntil: number | null }>;
  messages: Array<{ id: number; title: string; content: string; read: boolean; time: number }>;
  /** Signed-in devices, newest first. */
  sessions: Array<{ id: number; createdAt: number; expiresAt: number }>;
  /** The newest sign-ins (as many as are kept), newest first. */
  logins: SignIn[];
}

/** A text the app shows, in every language: `texts[lang]` is missing where nobody wrote it yet. */
export interface ContentItem {
  kind: 'notice' | 'marquee' | 'banner' | 'news' | 'page';
  /** A page's slug, or the row's id. */
  id: number | string;
  /** `en` is the original (a page's English row). A marquee line has no title, a banner no content. */
  texts: Record<string, { title: string; content: string }>;
}

export interface ContentList {
  /** The app's languages, in the order its language picker lists them. */
  languages: string[];
  items: ContentItem[];
}

/**
 * A bank's or deposit channel's region (ISO 3166, `XX` for none) and currency (ISO 4217), as the
 * Settings page lists and sets them (docs/rules.md#bank-regions). A channel's currency is what
 * users pay in: only its region is set here.
 */
export interface RegionRow {
  kind: 'bank' | 'channel';
  /** The bank's code, or the channel's id. */
  id: string;
  name: string;
  region: string;
  currency: string | null;
}

/** A config value as the Settings page shows it: `default` is null for a key only the table holds. */
export interface Setting {
  key: string;
  value: string;
  default: string | null;
  rule: ConfigRule;
  /** The smallest and largest value allowed, for the keys that have bounds. */
  range: readonly [number, number] | null;
  /** At most this many decimals, where fewer than the rule's are read. */
  decimals: number | null;
}
