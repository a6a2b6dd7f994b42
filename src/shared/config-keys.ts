// First-load path: the boot reads the config defaults before the config list arrives.
/**
 * The `configKey`s of `/common/config/list` (docs/rules.md#configuration) with the values the demo data seeds.
 * Every value travels as a string, as the config list carries it.
 */
export const CONFIG_DEFAULTS = {
  configVersion: '3_0002',
  loginPrefix: '3_',
  websocketUrl: '/prod-api/ws',
  theme: 'long',
  initToUser: '1',
  isNeedLogin: '1',
  customFontFamilyLink: '',
  /** Two symbols whose positions swap in the home quote list, e.g. `eth,btc`; empty for none. */
  tickerListOrderSwap: '',
  defaultLanguage: 'en',
  /** `1`: a visitor with no saved language gets the browser's language first. */
  useSystemLanguage: '1',
  deviceWidth: '450',
  moneyDecimals: '0',
  moneyRatio: '1',
  moneySymbol: '$',
  moneySymbolFront: '1',
  thousandSeparator: '1',
  decimalSeparator: '.',
  commaDecimalSwap: '0',
  exchangeRateOn: '0',
  starCount: '5',
  bankDigitsShown: '2',
  bankFullNumber: '0',
  orderConfirm: '1',
  orderLimitDisplay: '3',
  /** `1`: register and login ask for the image captcha. */
  captchaOn: '0',
  realNameOn: '1',
  bankNameOn: '1',
  bankNumberOn: '1',
  rechargeVoucherOn: '1',
  incomeRateOn: '1',
  exchangePageNeedPay: '1',
  vipOn: '1',
  avatarOn: '1',
  onlyPriceDifference: '1',
  withdrawNoticeDialog: '1',
  withdrawFirstPay: '1',
  inviteMenuOn: '0',
  /** Customer-service chat page (http or https); empty: the app shows no customer-service entry. */
  serviceUrl: '',
  /** Texts that may restate a withdrawal-prohibited / fund-freeze reason (customPrompt: docs/rules.md#faults). */
  promptWithdrawProhibited: '',
  promptFundFreeze: '',
  promptPersistent: '0',
  /** Resend countdown for SMS / e-mail codes, in seconds. */
  codeResendSeconds: '60',
} as const;

export type ConfigKey = keyof typeof CONFIG_DEFAULTS;
