export type PaymentMethodKind = 'bank' | 'pix' | 'coin' | 'qr' | 'paypay';

/**
 * `GET /h5/expenses/getBankList` answers `Bank[]`, the banks of the request language's region
 * first (docs/rules.md#bank-regions); `name` in the request's language where translated.
 */
export interface Bank {
  code: string;
  name: string;
  /** ISO country, e.g. `BR`, `JP`; `XX` for none (an international card). */
  country: string;
  /** ISO 4217 money of the bank's accounts, e.g. `BRL`, or null when the operator gave none. */
  currency: string | null;
  /** Of the request language's region: listed before the others, which the app puts under a heading. */
  inRegion: boolean;
  /** Allowed digit counts of a card or account number at this bank. */
  cardLengths: number[];
}

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';

/** `GET /h5/expenses/pixType` answers `PixTypeItem[]`. */
export interface PixTypeItem {
  type: PixKeyType;
  /** English label; the app translates by `type`. */
  name: string;
  /** Example of a well-formed key. */
  example: string;
}

/** `GET /h5/expenses/getCoinList` answers `CoinItem[]`: coins a wallet address can be bound for. */
export interface CoinItem {
  coin: string;
  networks: string[];
}

/**
 * `POST /h5/expenses/bindCard` (JSON body, `Idempotency-Key`): a bank card/account or a PIX key.
 * Never a card's security code or expiry date. `payee` must equal the account's real name when
 * config `realNameOn` is `1` and a real name is set. Answers `PaymentMethod`.
 */
export type BindCardRequest =
  | {
      kind: 'bank';
      payee: string;
      bankCode: string;
      /** Digits only; the length must be one of the bank's `cardLengths`. */
      cardNo: string;
      branch?: string;
      /** Phone registered with the bank. */
      phone?: string;
    }
  | {
      kind: 'pix';
      payee: string;
      pixType: PixKeyType;
      /** CPF/CNPJ with valid check digits (punctuation allowed), e-mail, +55 phone, or a UUID. */
      pixKey: string;
    };

/** `POST /h5/expenses/bindCoinAddress` (JSON body, `Idempotency-Key`); answers `PaymentMethod`. */
export interface BindCoinAddressRequest {
  coin: string;
  /** `TRC20` (T + 33 base58), `ERC20`/`BEP20` (0x + 40 hex), `BTC` (bech32 bc1… or base58 1…/3…). */
  network: string;
  address: string;
}

/**
 * `POST /h5/expenses/bindCardQr` (JSON body, `Idempotency-Key`): a payment QR image (`qr`) or a
 * PayPay QR (`paypay`, Japan); `image` is an upload of the same user; with `id`, replaces that
 * QR method's image (the edit screen). Answers `PaymentMethod`.
 */
export interface BindCardQrRequest {
  kind: 'qr' | 'paypay';
  payee: string;
  image: string;
  id?: number;
}

/**
 * A bound payment method. `GET /h5/expenses/getMyBankCardList` answers the `bank`, `pix`, `qr`
 * and `paypay` ones, `GET /h5/expenses/getMyCoinAddressList` the `coin` ones, newest first.
 * Numbers come whole: the app masks them (docs/rules.md#masks).
 */
export interface PaymentMethod {
  id: number;
  kind: PaymentMethodKind;
  payee: string | null;
  bankCode: string | null;
  bankName: string | null;
  branch: string | null;
  phone: string | null;
  /** Card/account number (bank), PIX key (pix), wallet address (coin); null for QR kinds. */
  account: string | null;
  pixType: PixKeyType | null;
  coin: string | null;
  network: string | null;
  /** QR kinds: URL of the uploaded image, owner only, fetched like `Deposit.proofImage`. */
  image: string | null;
  time: number;
  /**
   * Epoch ms until which the method receives no withdrawal (bound or changed recently, config
   * `payout.newMethodHoldHours`), or null when it may receive now.
   */
  heldUntil: number | null;
}

/** `POST /h5/expenses/delcob` (JSON body): deletes one of the caller's payment methods. */
export interface DeletePaymentMethodRequest {
  id: number;
}
