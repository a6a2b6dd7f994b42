/**
 * The demo deposit channels' and banks' texts in every language but English, keyed by their
 * English original (server/seed/money.ts). Coin channels (`USDT (TRC20)`, `BTC`) and banks' own
 * names (`Banco do Brasil`) read the same everywhere and have none. Australian English reads the
 * originals; the regional Spanish share Spanish.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export const BRL_NAME = 'Bank transfer (BRL)';
export const USD_NAME = 'Bank transfer (USD)';
export const BRL_NOTE = 'Write your username in the transfer description.';
export const VISA = 'Visa debit card';
export const UNIONPAY = 'UnionPay card';

type Texts = Record<typeof BRL_NAME | typeof USD_NAME | typeof BRL_NOTE | typeof VISA | typeof UNIONPAY, string>;

const es: Texts = {
  [BRL_NAME]: 'Transferencia bancaria (BRL)',
  [USD_NAME]: 'Transferencia bancaria (USD)',
  [BRL_NOTE]: 'Escribe tu nombre de usuario en el concepto de la transferencia.',
  [VISA]: 'Tarjeta de débito Visa',
  [UNIONPAY]: 'Tarjeta UnionPay',
};

export const CHANNEL_TEXTS: Record<string, Texts> = {
  it: {
    [BRL_NAME]: 'Bonifico bancario (BRL)',
    [USD_NAME]: 'Bonifico bancario (USD)',
    [BRL_NOTE]: 'Scrivi il tuo nome utente nella causale del bonifico.',
    [VISA]: 'Carta di debito Visa',
    [UNIONPAY]: 'Carta UnionPay',
  },
  th: {
    [BRL_NAME]: 'โอนเงินผ่านธนาคาร (BRL)',
    [USD_NAME]: 'โอนเงินผ่านธนาคาร (USD)',
    [BRL_NOTE]: 'กรุณาระบุชื่อผู้ใช้ของคุณในรายละเอียดการโอน',
    [VISA]: 'บัตรเดบิต Visa',
    [UNIONPAY]: 'บัตร UnionPay',
  },
  ja: {
    [BRL_NAME]: '銀行振込（BRL）',
    [USD_NAME]: '銀行振込（USD）',
    [BRL_NOTE]: '振込の備考欄にユーザー名を記入してください。',
    [VISA]: 'Visaデビットカード',
    [UNIONPAY]: '銀聯（UnionPay）カード',
  },
  ko: {
    [BRL_NAME]: '은행 송금 (BRL)',
    [USD_NAME]: '은행 송금 (USD)',
    [BRL_NOTE]: '송금 메모에 사용자 이름을 적어 주세요.',
    [VISA]: 'Visa 체크카드',
    [UNIONPAY]: '유니온페이 카드',
  },
  vi: {
    [BRL_NAME]: 'Chuyển khoản ngân hàng (BRL)',
    [USD_NAME]: 'Chuyển khoản ngân hàng (USD)',
    [BRL_NOTE]: 'Ghi tên người dùng của bạn vào nội dung chuyển khoản.',
    [VISA]: 'Thẻ ghi nợ Visa',
    [UNIONPAY]: 'Thẻ UnionPay',
  },
  es,
  'es-mx': es,
  'es-pe': es,
  ru: {
    [BRL_NAME]: 'Банковский перевод (BRL)',
    [USD_NAME]: 'Банковский перевод (USD)',
    [BRL_NOTE]: 'Укажите своё имя пользователя в назначении перевода.',
    [VISA]: 'Дебетовая карта Visa',
    [UNIONPAY]: 'Карта UnionPay',
  },
  ms: {
    [BRL_NAME]: 'Pindahan bank (BRL)',
    [USD_NAME]: 'Pindahan bank (USD)',
    [BRL_NOTE]: 'Tulis nama pengguna anda dalam keterangan pindahan.',
    [VISA]: 'Kad debit Visa',
    [UNIONPAY]: 'Kad UnionPay',
  },
  id: {
    [BRL_NAME]: 'Transfer bank (BRL)',
    [USD_NAME]: 'Transfer bank (USD)',
    [BRL_NOTE]: 'Tulis nama pengguna Anda di keterangan transfer.',
    [VISA]: 'Kartu debit Visa',
    [UNIONPAY]: 'Kartu UnionPay',
  },
  de: {
    [BRL_NAME]: 'Banküberweisung (BRL)',
    [USD_NAME]: 'Banküberweisung (USD)',
    [BRL_NOTE]: 'Geben Sie Ihren Benutzernamen im Verwendungszweck der Überweisung an.',
    [VISA]: 'Visa-Debitkarte',
    [UNIONPAY]: 'UnionPay-Karte',
  },
  fr: {
    [BRL_NAME]: 'Virement bancaire (BRL)',
    [USD_NAME]: 'Virement bancaire (USD)',
    [BRL_NOTE]: 'Indiquez votre nom d’utilisateur dans le libellé du virement.',
    [VISA]: 'Carte de débit Visa',
    [UNIONPAY]: 'Carte UnionPay',
  },
  nl: {
    [BRL_NAME]: 'Bankoverschrijving (BRL)',
    [USD_NAME]: 'Bankoverschrijving (USD)',
    [BRL_NOTE]: 'Vermeld je gebruikersnaam in de omschrijving van de overschrijving.',
    [VISA]: 'Visa-debetkaart',
    [UNIONPAY]: 'UnionPay-kaart',
  },
  'pt-BR': {
    [BRL_NAME]: 'Transferência bancária (BRL)',
    [USD_NAME]: 'Transferência bancária (USD)',
    [BRL_NOTE]: 'Escreva seu nome de usuário na descrição da transferência.',
    [VISA]: 'Cartão de débito Visa',
    [UNIONPAY]: 'Cartão UnionPay',
  },
  pt: {
    [BRL_NAME]: 'Transferência bancária (BRL)',
    [USD_NAME]: 'Transferência bancária (USD)',
    [BRL_NOTE]: 'Escreva o seu nome de utilizador no descritivo da transferência.',
    [VISA]: 'Cartão de débito Visa',
    [UNIONPAY]: 'Cartão UnionPay',
  },
  hi: {
    [BRL_NAME]: 'बैंक ट्रांसफ़र (BRL)',
    [USD_NAME]: 'बैंक ट्रांसफ़र (USD)',
    [BRL_NOTE]: 'ट्रांसफ़र के विवरण में अपना यूज़रनेम लिखें।',
    [VISA]: 'Visa डेबिट कार्ड',
    [UNIONPAY]: 'UnionPay कार्ड',
  },
  ar: {
    [BRL_NAME]: 'تحويل بنكي (BRL)',
    [USD_NAME]: 'تحويل بنكي (USD)',
    [BRL_NOTE]: 'اكتب اسم المستخدم الخاص بك في وصف التحويل.',
    [VISA]: 'بطاقة خصم Visa',
    [UNIONPAY]: 'بطاقة UnionPay',
  },
  az: {
    [BRL_NAME]: 'Bank köçürməsi (BRL)',
    [USD_NAME]: 'Bank köçürməsi (USD)',
    [BRL_NOTE]: 'Köçürmənin təyinatında istifadəçi adınızı yazın.',
    [VISA]: 'Visa debet kartı',
    [UNIONPAY]: 'UnionPay kartı',
  },
  ro: {
    [BRL_NAME]: 'Transfer bancar (BRL)',
    [USD_NAME]: 'Transfer bancar (USD)',
    [BRL_NOTE]: 'Scrieți numele de utilizator în descrierea transferului.',
    [VISA]: 'Card de debit Visa',
    [UNIONPAY]: 'Card UnionPay',
  },
  'zh-CN': {
    [BRL_NAME]: '银行转账（BRL）',
    [USD_NAME]: '银行转账（USD）',
    [BRL_NOTE]: '请在转账备注中填写您的用户名。',
    [VISA]: 'Visa 借记卡',
    [UNIONPAY]: '银联卡',
  },
  'zh-TW': {
    [BRL_NAME]: '銀行轉帳（BRL）',
    [USD_NAME]: '銀行轉帳（USD）',
    [BRL_NOTE]: '請在轉帳備註中填寫您的使用者名稱。',
    [VISA]: 'Visa 金融卡',
    [UNIONPAY]: '銀聯卡',
  },
};

const textOf = (lang: string, original: string | null): string => (original ? ((CHANNEL_TEXTS[lang] as Record<string, string> | undefined)?.[original] ?? '') : '');

/**
 * Matched by the original text, not by order, so a channel the operator has renamed or added gets
 * none; each table only when empty, so an operator's translations survive a restart.
 */
export async function seedChannelTexts(tx: Tx): Promise<void> {
  const count = async (table: typeof t.payChannelTexts | typeof t.bankTexts) => (await tx.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  if ((await count(t.payChannelTexts)) === 0) {
    const channels = await tx.select({ id: t.payChannels.id, name: t.payChannels.name, remark: t.payChannels.remark }).from(t.payChannels);
    const rows = Object.keys(CHANNEL_TEXTS).flatMap((lang) =>
      channels.flatMap((c) => {
        const name = textOf(lang, c.name);
        const note = textOf(lang, c.remark);
        return name || note ? [{ channelId: c.id, lang, name, nameSource: name ? c.name : '', note, noteSource: note ? c.remark : '' }] : [];
      }),
    );
    if (rows.length) await tx.insert(t.payChannelTexts).values(rows);
  }
  if ((await count(t.bankTexts)) === 0) {
    const banks = await tx.select({ code: t.banks.code, name: t.banks.name }).from(t.banks);
    const rows = Object.keys(CHANNEL_TEXTS).flatMap((lang) =>
      banks.flatMap((b) => {
        const name = textOf(lang, b.name);
        return name ? [{ bankCode: b.code, lang, name, nameSource: b.name }] : [];
      }),
    );
    if (rows.length) await tx.insert(t.bankTexts).values(rows);
  }
}
