/**
 * The success answers of routes that declare no response schema, for the published document only:
 * their handlers' JSON goes out as it is (no serializer strips a field a schema forgot), and the
 * server tests check every real answer against these (test/server/answer-check.ts).
 */
import { type TSchema, Type } from '@sinclair/typebox';

const Dec = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description: 'exact decimal' });
const Time = Type.Integer({ description: 'epoch ms' });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const Nothing = Type.Null({ description: 'always null' });
const Token = Type.String({ description: 'session token: send it as `Authorization: Bearer <token>`' });

const CaptchaImage = Type.Object({ img: Type.String({ description: 'data:image/svg+xml;base64,…' }), uuid: Type.String() }, { title: 'CaptchaImage' });

const UserInfo = Type.Object(
  {
    userId: Type.Integer(),
    username: Type.String(),
    phone: NullableText,
    email: NullableText,
    realName: NullableText,
    inviteCode: Type.String(),
    creditScore: Type.Integer(),
    vipLevel: Type.Integer(),
    vipName: Type.String(),
    avatar: NullableText,
    hasFundPassword: Type.Boolean(),
    balance: Dec,
    frozen: Dec,
    totalAssets: Type.String({ description: 'wallet + savings + finance holdings' }),
    totalIncome: Type.String({ description: 'income from savings, finance and won orders' }),
    bonus: Type.String({ description: 'bonus credits, all time: given, not earned, so never part of totalIncome' }),
    isOrder: Type.Optional(Type.Boolean({ description: 'the operator masks order outcomes' })),
  },
  { title: 'UserInfo' },
);

const VipLevel = Type.Object(
  { level: Type.Integer(), name: Type.String(), minDeposit: Dec, condition: Type.String(), maxWithdrawal: Dec },
  { title: 'VipLevel' },
);

export const WalletBill = Type.Object(
  {
    id: Type.Integer(),
    bizType: Type.String(),
    amount: Type.String({ description: 'signed change of the available balance' }),
    balanceAfter: Dec,
    frozenDelta: Dec,
    remark: Type.String(),
    ref: NullableText,
    time: Time,
  },
  { title: 'WalletBill' },
);

const PlatformConfig = Type.Object(
  {
    name: Type.String(),
    currencyCode: Type.String(),
    currency: Type.String(),
    languageCode: Type.String(),
    logoImg: Type.String(),
    inviteCodeUrl: Type.String(),
  },
  { title: 'PlatformConfig' },
);
const ConfigItem = Type.Object({ configKey: Type.String(), configValue: Type.String() }, { title: 'ConfigItem' });
const Notice = Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String(), time: Time }, { title: 'Notice' });
const Marquee = Type.Object({ id: Type.Integer(), content: Type.String() }, { title: 'MarqueeItem' });
const Banner = Type.Object({ id: Type.Integer(), title: Type.String(), image: Type.String(), link: Type.String() }, { title: 'Banner' });
const Community = Type.Object({ id: Type.Integer(), name: Type.String(), icon: Type.String(), link: Type.String() }, { title: 'Community' });
const Play = Type.Object(
  { id: Type.Integer(), seconds: Type.Integer(), rate: Dec, minAmount: Dec, maxAmount: Dec },
  { title: 'Play', description: 'an expiry with its rate of return (percent) and amount limits' },
);
const ContractMoney = Type.Object({ presets: Type.Array(Dec), min: Dec, max: Dec }, { title: 'ContractMoney' });
const Rate = Type.Object({ symbol: Type.String({ example: 'usdt_brl' }), rate: Dec }, { title: 'ExchangeRate' });
const BizType = Type.Object({ type: Type.String(), name: Type.String() }, { title: 'WalletBizType' });
const Uploaded = Type.Object(
  { url: Type.String({ description: 'private: readable by its owner with the token' }), name: Type.String() },
  { title: 'UploadedImage' },
);

/** `data` of the success answer, by `METHOD /prod-api/path` as the document spells the path. */
export const DOC_ANSWERS: Record<string, TSchema> = {
  'GET /prod-api/captchaImage': CaptchaImage,
  'POST /prod-api/h5/user/register': Token,
  'POST /prod-api/login': Token,
  'GET /prod-api/common/sms': Nothing,
  'GET /prod-api/common/email': Nothing,
  'POST /prod-api/h5/user/forget': Nothing,
  'GET /prod-api/h5/user/defaultAvatar': Type.Array(Type.String({ description: 'image path' })),
  'POST /prod-api/h5/user/getUserInfo': UserInfo,
  'POST /prod-api/h5/user/changePwd': Nothing,
  'POST /prod-api/h5/user/changeWalletPwd': Nothing,
  'POST /prod-api/h5/user/setPhone': Nothing,
  'GET /prod-api/h5/user/vipInformation': Type.Object({ current: Type.Integer(), levels: Type.Array(VipLevel) }, { title: 'VipInformation' }),
  'POST /prod-api/h5/user/changeAvatar': Nothing,
  'GET /prod-api/h5/user/walletBill': Type.Object({ rows: Type.Array(WalletBill), total: Type.Integer() }, { title: 'WalletBillPage' }),
  'POST /prod-api/h5/fish/askCode': Nothing,
  'POST /prod-api/h5/fish/sendCode': Nothing,
  'GET /prod-api/common/getLogo': PlatformConfig,
  'GET /prod-api/common/config/list': Type.Array(ConfigItem),
  'GET /prod-api/h5/symbol/getNoticeList': Type.Array(Notice),
  'GET /prod-api/h5/symbol/marquee': Type.Array(Marquee),
  'GET /prod-api/h5/symbol/getBannerList': Type.Array(Banner),
  'GET /prod-api/h5/symbol/communitys': Type.Array(Community),
  'GET /prod-api/h5/symbol/getPlays': Type.Array(Play),
  'GET /prod-api/h5/symbol/getContractMoney': ContractMoney,
  'GET /prod-api/common/rate': Type.Array(Rate),
  'GET /prod-api/common/rateBySymbol': Rate,
  'GET /prod-api/background/bill/getAllWalletBizType': Type.Array(BizType),
  'POST /prod-api/common/oss/upload': Uploaded,
};

/** Operations answering bytes rather than the envelope, with their media types. */
export const DOC_BINARY: Record<string, string[]> = {
  'GET /prod-api/common/avatar/{n}': ['image/svg+xml'],
  'GET /prod-api/common/oss/file/{name}': ['image/png', 'image/jpeg', 'image/webp'],
};

/** Summaries of routes that state none. */
export const DOC_SUMMARIES: Record<string, string> = {
  'GET /prod-api/captchaImage': 'A new image captcha (when config captchaOn is 1)',
  'POST /prod-api/h5/user/register': 'Register an account; answers a session token',
  'POST /prod-api/login': 'Log in; answers a session token',
  'GET /prod-api/common/sms': 'Send a verification code by SMS',
  'GET /prod-api/common/email': 'Send a verification code by e-mail',
  'POST /prod-api/h5/user/forget': 'Reset the password with a code sent to the bound phone or e-mail',
  'GET /prod-api/common/avatar/{n}': 'A default avatar picture',
  'GET /prod-api/h5/user/defaultAvatar': 'The default avatar pictures',
  'POST /prod-api/h5/user/getUserInfo': 'The caller\'s profile and balance',
  'POST /prod-api/h5/user/changePwd': 'Change the login password (ends every session)',
  'POST /prod-api/h5/user/changeWalletPwd': 'Set or change the fund password',
  'POST /prod-api/h5/user/setPhone': 'Bind a phone number with the code /common/sms sent',
  'GET /prod-api/h5/user/vipInformation': 'VIP levels and the caller\'s level',
  'POST /prod-api/h5/user/changeAvatar': 'Change the avatar (a default one or an own upload)',
  'GET /prod-api/h5/user/walletBill': 'The caller\'s wallet bills, newest first',
  'GET /prod-api/common/getLogo': 'Platform name, currency, language and logo',
  'GET /prod-api/common/config/list': 'Public configuration values',
  'GET /prod-api/h5/symbol/getNoticeList': 'Notices in the asked language',
  'GET /prod-api/h5/symbol/marquee': 'Marquee lines in the asked language',
  'GET /prod-api/h5/symbol/getBannerList': 'Home banners in the asked language',
  'GET /prod-api/h5/symbol/communitys': 'Community links',
  'GET /prod-api/h5/symbol/getPlays': 'Contract expiries with their rate of return and amount limits',
  'GET /prod-api/h5/symbol/getContractMoney': 'Quick-pick order amounts and the overall limits',
  'GET /prod-api/common/rate': 'Exchange rates',
  'GET /prod-api/common/rateBySymbol': 'One exchange rate',
  'GET /prod-api/background/bill/getAllWalletBizType': 'Wallet bill types and their labels',
};
