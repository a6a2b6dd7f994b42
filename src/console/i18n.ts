/**
 * The console's words in its three languages, bundled (a few hundred bytes each; the console is
 * one screen for a handful of operators, not worth a locale fetch). `{{name}}` placeholders.
 */
export const LANGUAGES = { en: 'English', 'pt-BR': 'Português (Brasil)', ar: 'العربية' } as const;
export type Lang = keyof typeof LANGUAGES;

const en = {
  title: 'Operator console',
  name: 'Operator name',
  password: 'Password',
  showPassword: 'Show the password',
  proposals: 'Second approval',
  code: 'Code from the authenticator app',
  signIn: 'Sign in',
  signOut: 'Sign out',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  audit: 'Audit log',
  empty: 'Nothing waits for review.',
  loading: 'Loading…',
  user: 'User',
  amount: 'Amount',
  pay: 'To pay',
  channel: 'Channel',
  submitted: 'Submitted',
  proof: 'Proof of payment',
  noProof: 'No photo',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotate: 'Rotate',
  previous: 'Earlier deposits of this user',
  none: 'None',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Reason',
  otherReason: 'Another reason (type it)',
  typeReason: 'Reason for the user',
  confirmReject: 'Reject with this reason',
  back: 'Back to the queue',
  decided: 'Done: {{status}}',
  fee: 'Fee',
  payout: 'Pay out to',
  payee: 'Payee',
  copy: 'Copy',
  copied: 'Copied',
  balance: 'Balance now',
  frozen: 'Frozen',
  moveTo: 'Move to',
  heldBy: '{{name}} has this open',
  alertsOn: 'Alerts: on',
  alertsOff: 'Alerts: off',
  users: 'Users',
  content: 'Content',
  settings: 'Settings',
  operators: 'Operators',
  'reasons.amount': 'The amount on the photo does not match',
  'reasons.unreadable': 'The photo cannot be read',
  'reasons.notReceived': 'No payment has arrived',
  'reasons.name': 'The payer’s name does not match the account',
  'status.submitted': 'waiting',
  'status.approved': 'approved',
  'status.rejected': 'rejected',
  'status.reviewing': 'reviewing',
  'status.frozen': 'frozen',
  'status.waiting': 'waiting for payout',
  'status.paying': 'paying',
  'status.paid': 'paid',
  'status.succeeded': 'succeeded',
  'status.no_payout': 'no payout',
  'status.failed': 'failed',
  'err.console.signIn': 'Wrong name, password or code',
  'err.rate.limited': 'Too many attempts, please try again in {{seconds}} seconds',
  'err.console.session': 'Your session has ended, please sign in again',
  'err.deposit.reviewed': 'This deposit was already decided: {{status}}',
  'err.withdrawal.move': 'This withdrawal is {{from}} now and cannot become {{to}}',
  'err.review.reason': 'A reason is required',
  'err.console.role': 'Your role does not allow this',
  'err.fourEyes.self': 'A second operator must approve this, not its proposer',
  'err.fourEyes.notYours': 'Only its proposer can take a proposal back',
  'err.fourEyes.pending': 'This withdrawal already waits for a second operator',
  'err.fourEyes.closed': 'This proposal was already decided or taken back',
  'err.network': 'The server cannot be reached',
};
type Words = typeof en;

const ptBR: Words = {
  title: 'Console do operador',
  name: 'Nome do operador',
  password: 'Senha',
  showPassword: 'Mostrar a senha',
  proposals: 'Segunda aprovação',
  code: 'Código do aplicativo autenticador',
  signIn: 'Entrar',
  signOut: 'Sair',
  deposits: 'Depósitos',
  withdrawals: 'Saques',
  audit: 'Registro de auditoria',
  empty: 'Nada aguardando revisão.',
  loading: 'Carregando…',
  user: 'Usuário',
  amount: 'Valor',
  pay: 'A pagar',
  channel: 'Canal',
  submitted: 'Enviado',
  proof: 'Comprovante de pagamento',
  noProof: 'Sem foto',
  zoomIn: 'Ampliar',
  zoomOut: 'Reduzir',
  rotate: 'Girar',
  previous: 'Depósitos anteriores deste usuário',
  none: 'Nenhum',
  approve: 'Aprovar',
  reject: 'Recusar',
  reason: 'Motivo',
  otherReason: 'Outro motivo (digite)',
  typeReason: 'Motivo para o usuário',
  confirmReject: 'Recusar com este motivo',
  back: 'Voltar à fila',
  decided: 'Feito: {{status}}',
  fee: 'Taxa',
  payout: 'Pagar para',
  payee: 'Favorecido',
  copy: 'Copiar',
  copied: 'Copiado',
  balance: 'Saldo atual',
  frozen: 'Bloqueado',
  moveTo: 'Mover para',
  heldBy: '{{name}} está com este item aberto',
  alertsOn: 'Alertas: ligados',
  alertsOff: 'Alertas: desligados',
  users: 'Usuários',
  content: 'Conteúdo',
  settings: 'Configurações',
  operators: 'Operadores',
  'reasons.amount': 'O valor na foto não confere',
  'reasons.unreadable': 'Não é possível ler a foto',
  'reasons.notReceived': 'Nenhum pagamento foi recebido',
  'reasons.name': 'O nome do pagador não confere com a conta',
  'status.submitted': 'aguardando',
  'status.approved': 'aprovado',
  'status.rejected': 'recusado',
  'status.reviewing': 'em análise',
  'status.frozen': 'congelado',
  'status.waiting': 'aguardando pagamento',
  'status.paying': 'pagando',
  'status.paid': 'pago',
  'status.succeeded': 'concluído',
  'status.no_payout': 'sem pagamento',
  'status.failed': 'falhou',
  'err.console.signIn': 'Nome, senha ou código incorretos',
  'err.rate.limited': 'Tentativas demais, tente novamente em {{seconds}} segundos',
  'err.console.session': 'Sua sessão terminou, entre novamente',
  'err.deposit.reviewed': 'Este depósito já foi decidido: {{status}}',
  'err.withdrawal.move': 'Este saque está {{from}} e não pode passar a {{to}}',
  'err.review.reason': 'Informe um motivo',
  'err.console.role': 'Sua função não permite isto',
  'err.fourEyes.self': 'Um segundo operador deve aprovar isto, não quem propôs',
  'err.fourEyes.notYours': 'Só quem propôs pode retirar a proposta',
  'err.fourEyes.pending': 'Este saque já espera um segundo operador',
  'err.fourEyes.closed': 'Esta proposta já foi decidida ou retirada',
  'err.network': 'Não foi possível conectar ao servidor',
};

const ar: Words = {
  title: 'لوحة المشغّل',
  name: 'اسم المشغّل',
  password: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  proposals: 'الموافقة الثانية',
  code: 'الرمز من تطبيق المصادقة',
  signIn: 'تسجيل الدخول',
  signOut: 'تسجيل الخروج',
  deposits: 'الإيداعات',
  withdrawals: 'السحوبات',
  audit: 'سجل التدقيق',
  empty: 'لا شيء بانتظار المراجعة.',
  loading: 'جارٍ التحميل…',
  user: 'المستخدم',
  amount: 'المبلغ',
  pay: 'المبلغ المطلوب دفعه',
  channel: 'القناة',
  submitted: 'أُرسل',
  proof: 'إثبات الدفع',
  noProof: 'لا توجد صورة',
  zoomIn: 'تكبير',
  zoomOut: 'تصغير',
  rotate: 'تدوير',
  previous: 'إيداعات سابقة لهذا المستخدم',
  none: 'لا يوجد',
  approve: 'موافقة',
  reject: 'رفض',
  reason: 'السبب',
  otherReason: 'سبب آخر (اكتبه)',
  typeReason: 'السبب الذي سيراه المستخدم',
  confirmReject: 'الرفض بهذا السبب',
  back: 'العودة إلى القائمة',
  decided: 'تم: {{status}}',
  fee: 'الرسوم',
  payout: 'الدفع إلى',
  payee: 'المستفيد',
  copy: 'نسخ',
  copied: 'تم النسخ',
  balance: 'الرصيد الآن',
  frozen: 'المجمّد',
  moveTo: 'نقل إلى',
  heldBy: '{{name}} يفتح هذا العنصر الآن',
  alertsOn: 'التنبيهات: مفعّلة',
  alertsOff: 'التنبيهات: متوقفة',
  users: 'المستخدمون',
  content: 'المحتوى',
  settings: 'الإعدادات',
  operators: 'المشغّلون',
  'reasons.amount': 'المبلغ في الصورة غير مطابق',
  'reasons.unreadable': 'لا يمكن قراءة الصورة',
  'reasons.notReceived': 'لم يصل أي دفع',
  'reasons.name': 'اسم الدافع لا يطابق الحساب',
  'status.submitted': 'بانتظار المراجعة',
  'status.approved': 'مقبول',
  'status.rejected': 'مرفوض',
  'status.reviewing': 'قيد المراجعة',
  'status.frozen': 'مجمّد',
  'status.waiting': 'بانتظار الدفع',
  'status.paying': 'جارٍ الدفع',
  'status.paid': 'مدفوع',
  'status.succeeded': 'مكتمل',
  'status.no_payout': 'بلا دفع',
  'status.failed': 'فشل',
  'err.console.signIn': 'الاسم أو كلمة المرور أو الرمز غير صحيح',
  'err.rate.limited': 'محاولات كثيرة، حاول مرة أخرى بعد {{seconds}} ثانية',
  'err.console.session': 'انتهت جلستك، سجّل الدخول مرة أخرى',
  'err.deposit.reviewed': 'تم البت في هذا الإيداع من قبل: {{status}}',
  'err.withdrawal.move': 'هذا السحب في حالة {{from}} ولا يمكن أن يصبح {{to}}',
  'err.review.reason': 'السبب مطلوب',
  'err.console.role': 'دورك لا يسمح بهذا',
  'err.fourEyes.self': 'يجب أن يوافق على هذا مشغّل ثانٍ، لا صاحب الاقتراح',
  'err.fourEyes.notYours': 'لا يسحب الاقتراح إلا صاحبه',
  'err.fourEyes.pending': 'هذا السحب ينتظر بالفعل مشغّلًا ثانيًا',
  'err.fourEyes.closed': 'تم البت في هذا الاقتراح أو سحبه من قبل',
  'err.network': 'تعذّر الوصول إلى الخادم',
};

const WORDS: Record<Lang, Words> = { en, 'pt-BR': ptBR, ar };
export type Key = keyof Words;

let lang: Lang = 'en';

export function pickLanguage(): Lang {
  const saved = localStorage.getItem('console.lang');
  if (saved && saved in WORDS) return saved as Lang;
  const nav = navigator.language || 'en';
  if (nav.startsWith('ar')) return 'ar';
  if (nav.startsWith('pt')) return 'pt-BR';
  return 'en';
}

export function setLanguage(next: Lang): void {
  lang = next;
  localStorage.setItem('console.lang', next);
  document.documentElement.lang = next;
  document.documentElement.dir = next === 'ar' ? 'rtl' : 'ltr';
  document.title = WORDS[next].title;
}

export const language = (): Lang => lang;

/** A lazy page's own words in the three languages, so they load with the page and not before. */
export const pageWords =
  <K extends string>(table: Record<Lang, Record<K, string>>) =>
  (key: K): string =>
    table[lang][key];

/** `text` with each `{{name}}` replaced by its value; a missing one leaves nothing. */
export const fill = (text: string, params: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

export const t = (key: Key, params: Record<string, string | number> = {}): string => fill(WORDS[lang][key], params);

/** A status word, itself translated. */
export const tStatus = (status: string): string => (WORDS[lang] as Record<string, string>)[`status.${status}`] ?? status;

/** The server's reason in the operator's language when the console knows the key, else its own text. */
export function tError(e: { key?: string; msg: string; params?: Record<string, unknown> }): string {
  const key = `err.${e.key}` as Key;
  if (!e.key || !(key in WORDS[lang])) return e.msg;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e.params ?? {})) params[k] = k === 'status' || k === 'from' || k === 'to' ? tStatus(String(v)) : String(v);
  return t(key, params);
}
