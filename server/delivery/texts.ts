/**
 * The words of what the outbox sends, in each of the app's languages (the names of locales/*.json).
 * They live on the server, not in the locale files: the app never shows them, and its bundle
 * should not carry them. `{name}` is filled from the message's params.
 */
import { escapeHtml } from '../../src/shared/html-escape.ts';

export type Purpose = 'code' | 'signIn' | 'methodAdded' | 'withdrawRequested' | 'withdrawPaid' | 'withdrawRejected';

export type Texts = Record<Purpose, { subject: string; body: string }>;

const en: Texts = {
  code: { subject: 'Your verification code', body: 'Your verification code is {code}. It expires in 10 minutes. Never share it with anyone.' },
  signIn: { subject: 'New sign-in to your account', body: 'Your account was signed in to from {agent} at {time} (UTC). If this was not you, change your password now. Your devices and sessions: {link}' },
  methodAdded: { subject: 'Payment method added', body: 'A payment method was added to or changed on your account at {time} (UTC). It can receive withdrawals from {until} (UTC). If this was not you, change your password and contact support now.' },
  withdrawRequested: { subject: 'Withdrawal requested', body: 'A withdrawal of {amount} (order {orderNo}) was requested from your account. We will review it shortly.' },
  withdrawPaid: { subject: 'Withdrawal paid', body: 'Your withdrawal of {amount} (order {orderNo}) has been paid.' },
  withdrawRejected: { subject: 'Withdrawal rejected', body: 'Your withdrawal of {amount} (order {orderNo}) was rejected and the amount returned to your balance. Reason: {reason}' },
};

const es: Texts = {
  code: { subject: 'Tu código de verificación', body: 'Tu código de verificación es {code}. Caduca en 10 minutos. No lo compartas con nadie.' },
  signIn: { subject: 'Nuevo inicio de sesión en tu cuenta', body: 'Se inició sesión en tu cuenta desde {agent} el {time} (UTC). Si no fuiste tú, cambia tu contraseña ahora. Tus dispositivos y sesiones: {link}' },
  methodAdded: { subject: 'Método de pago añadido', body: 'Se añadió o cambió un método de pago en tu cuenta el {time} (UTC). Podrá recibir retiros desde el {until} (UTC). Si no fuiste tú, cambia tu contraseña y contacta con soporte ahora.' },
  withdrawRequested: { subject: 'Retiro solicitado', body: 'Se solicitó un retiro de {amount} (orden {orderNo}) desde tu cuenta. Lo revisaremos en breve.' },
  withdrawPaid: { subject: 'Retiro pagado', body: 'Tu retiro de {amount} (orden {orderNo}) ha sido pagado.' },
  withdrawRejected: { subject: 'Retiro rechazado', body: 'Tu retiro de {amount} (orden {orderNo}) fue rechazado y el importe volvió a tu saldo. Motivo: {reason}' },
};

const pt: Texts = {
  code: { subject: 'O seu código de verificação', body: 'O seu código de verificação é {code}. Expira dentro de 10 minutos. Nunca o partilhe com ninguém.' },
  signIn: { subject: 'Novo início de sessão na sua conta', body: 'Foi iniciada sessão na sua conta a partir de {agent} em {time} (UTC). Se não foi você, altere já a sua palavra-passe. Os seus dispositivos e sessões: {link}' },
  methodAdded: { subject: 'Método de pagamento adicionado', body: 'Foi adicionado ou alterado um método de pagamento na sua conta em {time} (UTC). Poderá receber levantamentos a partir de {until} (UTC). Se não foi você, altere a palavra-passe e contacte o apoio já.' },
  withdrawRequested: { subject: 'Levantamento pedido', body: 'Foi pedido um levantamento de {amount} (ordem {orderNo}) a partir da sua conta. Vamos analisá-lo em breve.' },
  withdrawPaid: { subject: 'Levantamento pago', body: 'O seu levantamento de {amount} (ordem {orderNo}) foi pago.' },
  withdrawRejected: { subject: 'Levantamento recusado', body: 'O seu levantamento de {amount} (ordem {orderNo}) foi recusado e o montante voltou ao seu saldo. Motivo: {reason}' },
};

export const TEXTS: Record<string, Texts> = {
  en,
  'en-au': en,
  es,
  'es-mx': es,
  'es-pe': es,
  pt,
  'pt-BR': {
    code: { subject: 'Seu código de verificação', body: 'Seu código de verificação é {code}. Ele expira em 10 minutos. Nunca o compartilhe com ninguém.' },
    signIn: { subject: 'Novo login na sua conta', body: 'Sua conta foi acessada de {agent} em {time} (UTC). Se não foi você, troque sua senha agora. Seus dispositivos e sessões: {link}' },
    methodAdded: { subject: 'Método de pagamento adicionado', body: 'Um método de pagamento foi adicionado ou alterado na sua conta em {time} (UTC). Ele poderá receber saques a partir de {until} (UTC). Se não foi você, troque sua senha e fale com o suporte agora.' },
    withdrawRequested: { subject: 'Saque solicitado', body: 'Um saque de {amount} (ordem {orderNo}) foi solicitado na sua conta. Vamos analisá-lo em breve.' },
    withdrawPaid: { subject: 'Saque pago', body: 'Seu saque de {amount} (ordem {orderNo}) foi pago.' },
    withdrawRejected: { subject: 'Saque recusado', body: 'Seu saque de {amount} (ordem {orderNo}) foi recusado e o valor voltou ao seu saldo. Motivo: {reason}' },
  },
  ar: {
    code: { subject: 'رمز التحقق الخاص بك', body: 'رمز التحقق الخاص بك هو {code}. تنتهي صلاحيته خلال 10 دقائق. لا تشاركه مع أي شخص.' },
    signIn: { subject: 'تسجيل دخول جديد إلى حسابك', body: 'تم تسجيل الدخول إلى حسابك من {agent} في {time} (UTC). إن لم تكن أنت، فغيّر كلمة المرور الآن. أجهزتك وجلساتك: {link}' },
    methodAdded: { subject: 'تمت إضافة طريقة دفع', body: 'تمت إضافة طريقة دفع إلى حسابك أو تغييرها في {time} (UTC). يمكنها استلام السحوبات اعتبارًا من {until} (UTC). إن لم تكن أنت، فغيّر كلمة المرور وتواصل مع الدعم الآن.' },
    withdrawRequested: { subject: 'تم طلب سحب', body: 'تم طلب سحب بمبلغ {amount} (الطلب {orderNo}) من حسابك. سنراجعه قريبًا.' },
    withdrawPaid: { subject: 'تم دفع السحب', body: 'تم دفع سحبك بمبلغ {amount} (الطلب {orderNo}).' },
    withdrawRejected: { subject: 'تم رفض السحب', body: 'تم رفض سحبك بمبلغ {amount} (الطلب {orderNo}) وأُعيد المبلغ إلى رصيدك. السبب: {reason}' },
  },
  az: {
    code: { subject: 'Təsdiq kodunuz', body: 'Təsdiq kodunuz {code}. Kodun müddəti 10 dəqiqəyə bitir. Onu heç kimlə paylaşmayın.' },
    signIn: { subject: 'Hesabınıza yeni giriş', body: 'Hesabınıza {time} (UTC) tarixində {agent} vasitəsilə giriş edildi. Bu siz deyilsinizsə, şifrənizi indi dəyişin. Cihazlarınız və sessiyalarınız: {link}' },
    methodAdded: { subject: 'Ödəniş üsulu əlavə edildi', body: 'Hesabınıza {time} (UTC) tarixində ödəniş üsulu əlavə edildi və ya dəyişdirildi. O, {until} (UTC) tarixindən çıxarış qəbul edə bilər. Bu siz deyilsinizsə, şifrənizi dəyişin və dərhal dəstəklə əlaqə saxlayın.' },
    withdrawRequested: { subject: 'Çıxarış tələb edildi', body: 'Hesabınızdan {amount} məbləğində çıxarış (sifariş {orderNo}) tələb edildi. Tezliklə yoxlayacağıq.' },
    withdrawPaid: { subject: 'Çıxarış ödənildi', body: '{amount} məbləğində çıxarışınız (sifariş {orderNo}) ödənildi.' },
    withdrawRejected: { subject: 'Çıxarış rədd edildi', body: '{amount} məbləğində çıxarışınız (sifariş {orderNo}) rədd edildi və məbləğ balansınıza qaytarıldı. Səbəb: {reason}' },
  },
  de: {
    code: { subject: 'Ihr Bestätigungscode', body: 'Ihr Bestätigungscode lautet {code}. Er läuft in 10 Minuten ab. Geben Sie ihn niemals weiter.' },
    signIn: { subject: 'Neue Anmeldung bei Ihrem Konto', body: 'Ihr Konto wurde am {time} (UTC) von {agent} aus angemeldet. Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort. Ihre Geräte und Sitzungen: {link}' },
    methodAdded: { subject: 'Zahlungsmethode hinzugefügt', body: 'Am {time} (UTC) wurde in Ihrem Konto eine Zahlungsmethode hinzugefügt oder geändert. Sie kann ab {until} (UTC) Auszahlungen empfangen. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und wenden Sie sich sofort an den Support.' },
    withdrawRequested: { subject: 'Auszahlung beantragt', body: 'Für Ihr Konto wurde eine Auszahlung von {amount} (Auftrag {orderNo}) beantragt. Wir prüfen sie in Kürze.' },
    withdrawPaid: { subject: 'Auszahlung ausgezahlt', body: 'Ihre Auszahlung von {amount} (Auftrag {orderNo}) wurde ausgezahlt.' },
    withdrawRejected: { subject: 'Auszahlung abgelehnt', body: 'Ihre Auszahlung von {amount} (Auftrag {orderNo}) wurde abgelehnt und der Betrag Ihrem Guthaben gutgeschrieben. Grund: {reason}' },
  },
  fr: {
    code: { subject: 'Votre code de vérification', body: 'Votre code de vérification est {code}. Il expire dans 10 minutes. Ne le communiquez à personne.' },
    signIn: { subject: 'Nouvelle connexion à votre compte', body: 'Une connexion à votre compte a eu lieu depuis {agent} le {time} (UTC). Si ce n’était pas vous, changez votre mot de passe maintenant. Vos appareils et sessions : {link}' },
    methodAdded: { subject: 'Moyen de paiement ajouté', body: 'Un moyen de paiement a été ajouté ou modifié sur votre compte le {time} (UTC). Il pourra recevoir des retraits à partir du {until} (UTC). Si ce n’était pas vous, changez votre mot de passe et contactez le support maintenant.' },
    withdrawRequested: { subject: 'Retrait demandé', body: 'Un retrait de {amount} (ordre {orderNo}) a été demandé depuis votre compte. Nous l’examinerons sous peu.' },
    withdrawPaid: { subject: 'Retrait payé', body: 'Votre retrait de {amount} (ordre {orderNo}) a été payé.' },
    withdrawRejected: { subject: 'Retrait refusé', body: 'Votre retrait de {amount} (ordre {orderNo}) a été refusé et le montant est revenu sur votre solde. Motif : {reason}' },
  },
  hi: {
    code: { subject: 'आपका सत्यापन कोड', body: 'आपका सत्यापन कोड {code} है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।' },
    signIn: { subject: 'आपके खाते में नया साइन-इन', body: 'आपके खाते में {time} (UTC) पर {agent} से साइन-इन किया गया। अगर यह आप नहीं थे, तो अभी अपना पासवर्ड बदलें। आपके डिवाइस और सत्र: {link}' },
    methodAdded: { subject: 'भुगतान का तरीका जोड़ा गया', body: 'आपके खाते में {time} (UTC) पर एक भुगतान का तरीका जोड़ा या बदला गया। यह {until} (UTC) से निकासी प्राप्त कर सकेगा। अगर यह आप नहीं थे, तो अपना पासवर्ड बदलें और अभी सहायता से संपर्क करें।' },
    withdrawRequested: { subject: 'निकासी का अनुरोध किया गया', body: 'आपके खाते से {amount} की निकासी (ऑर्डर {orderNo}) का अनुरोध किया गया है। हम जल्द ही इसकी समीक्षा करेंगे।' },
    withdrawPaid: { subject: 'निकासी का भुगतान हो गया', body: 'आपकी {amount} की निकासी (ऑर्डर {orderNo}) का भुगतान कर दिया गया है।' },
    withdrawRejected: { subject: 'निकासी अस्वीकार की गई', body: 'आपकी {amount} की निकासी (ऑर्डर {orderNo}) अस्वीकार कर दी गई और राशि आपके बैलेंस में लौटा दी गई। कारण: {reason}' },
  },
  id: {
    code: { subject: 'Kode verifikasi Anda', body: 'Kode verifikasi Anda adalah {code}. Kode berlaku 10 menit. Jangan berikan kepada siapa pun.' },
    signIn: { subject: 'Login baru ke akun Anda', body: 'Akun Anda login dari {agent} pada {time} (UTC). Jika itu bukan Anda, segera ganti kata sandi Anda. Perangkat dan sesi Anda: {link}' },
    methodAdded: { subject: 'Metode pembayaran ditambahkan', body: 'Sebuah metode pembayaran ditambahkan atau diubah di akun Anda pada {time} (UTC). Metode ini dapat menerima penarikan mulai {until} (UTC). Jika itu bukan Anda, segera ganti kata sandi dan hubungi dukungan.' },
    withdrawRequested: { subject: 'Penarikan diajukan', body: 'Penarikan sebesar {amount} (pesanan {orderNo}) diajukan dari akun Anda. Kami akan segera memeriksanya.' },
    withdrawPaid: { subject: 'Penarikan dibayar', body: 'Penarikan Anda sebesar {amount} (pesanan {orderNo}) telah dibayar.' },
    withdrawRejected: { subject: 'Penarikan ditolak', body: 'Penarikan Anda sebesar {amount} (pesanan {orderNo}) ditolak dan dananya dikembalikan ke saldo Anda. Alasan: {reason}' },
  },
  it: {
    code: { subject: 'Il tuo codice di verifica', body: 'Il tuo codice di verifica è {code}. Scade tra 10 minuti. Non condividerlo con nessuno.' },
    signIn: { subject: 'Nuovo accesso al tuo account', body: 'È stato effettuato un accesso al tuo account da {agent} il {time} (UTC). Se non sei stato tu, cambia subito la password. I tuoi dispositivi e sessioni: {link}' },
    methodAdded: { subject: 'Metodo di pagamento aggiunto', body: 'Il {time} (UTC) è stato aggiunto o modificato un metodo di pagamento sul tuo account. Potrà ricevere prelievi dal {until} (UTC). Se non sei stato tu, cambia la password e contatta subito l’assistenza.' },
    withdrawRequested: { subject: 'Prelievo richiesto', body: 'È stato richiesto un prelievo di {amount} (ordine {orderNo}) dal tuo account. Lo esamineremo a breve.' },
    withdrawPaid: { subject: 'Prelievo pagato', body: 'Il tuo prelievo di {amount} (ordine {orderNo}) è stato pagato.' },
    withdrawRejected: { subject: 'Prelievo rifiutato', body: 'Il tuo prelievo di {amount} (ordine {orderNo}) è stato rifiutato e l’importo è tornato sul tuo saldo. Motivo: {reason}' },
  },
  ja: {
    code: { subject: '認証コードのお知らせ', body: '認証コードは {code} です。有効期限は10分です。誰にも教えないでください。' },
    signIn: { subject: 'アカウントへの新しいサインイン', body: '{time}（UTC）に {agent} からアカウントへのサインインがありました。お心当たりがない場合は、今すぐパスワードを変更してください。お使いの端末とセッション：{link}' },
    methodAdded: { subject: '支払い方法が追加されました', body: '{time}（UTC）にアカウントの支払い方法が追加または変更されました。{until}（UTC）から出金を受け取れます。お心当たりがない場合は、パスワードを変更し、今すぐサポートにご連絡ください。' },
    withdrawRequested: { subject: '出金の申請を受け付けました', body: 'お客様のアカウントから {amount} の出金（注文 {orderNo}）が申請されました。まもなく審査します。' },
    withdrawPaid: { subject: '出金が完了しました', body: '{amount} の出金（注文 {orderNo}）の支払いが完了しました。' },
    withdrawRejected: { subject: '出金が却下されました', body: '{amount} の出金（注文 {orderNo}）は却下され、金額は残高に戻されました。理由：{reason}' },
  },
  ko: {
    code: { subject: '인증 코드 안내', body: '인증 코드는 {code}입니다. 10분 후에 만료됩니다. 누구에게도 알려 주지 마세요.' },
    signIn: { subject: '계정에 새로 로그인됨', body: '{time}(UTC)에 {agent}에서 계정에 로그인했습니다. 본인이 아니라면 지금 비밀번호를 변경하세요. 내 기기 및 세션: {link}' },
    methodAdded: { subject: '결제 수단이 추가됨', body: '{time}(UTC)에 계정에 결제 수단이 추가되거나 변경되었습니다. {until}(UTC)부터 출금을 받을 수 있습니다. 본인이 아니라면 비밀번호를 변경하고 지금 고객 지원에 연락하세요.' },
    withdrawRequested: { subject: '출금 요청됨', body: '계정에서 {amount} 출금(주문 {orderNo})이 요청되었습니다. 곧 검토하겠습니다.' },
    withdrawPaid: { subject: '출금 지급 완료', body: '{amount} 출금(주문 {orderNo})이 지급되었습니다.' },
    withdrawRejected: { subject: '출금 거절됨', body: '{amount} 출금(주문 {orderNo})이 거절되어 금액이 잔액으로 반환되었습니다. 사유: {reason}' },
  },
  ms: {
    code: { subject: 'Kod pengesahan anda', body: 'Kod pengesahan anda ialah {code}. Ia tamat tempoh dalam 10 minit. Jangan kongsi dengan sesiapa.' },
    signIn: { subject: 'Log masuk baharu ke akaun anda', body: 'Akaun anda telah dilog masuk dari {agent} pada {time} (UTC). Jika itu bukan anda, tukar kata laluan anda sekarang. Peranti dan sesi anda: {link}' },
    methodAdded: { subject: 'Kaedah pembayaran ditambah', body: 'Satu kaedah pembayaran telah ditambah atau diubah dalam akaun anda pada {time} (UTC). Ia boleh menerima pengeluaran mulai {until} (UTC). Jika itu bukan anda, tukar kata laluan dan hubungi sokongan sekarang.' },
    withdrawRequested: { subject: 'Pengeluaran diminta', body: 'Pengeluaran sebanyak {amount} (pesanan {orderNo}) telah diminta dari akaun anda. Kami akan menyemaknya tidak lama lagi.' },
    withdrawPaid: { subject: 'Pengeluaran dibayar', body: 'Pengeluaran anda sebanyak {amount} (pesanan {orderNo}) telah dibayar.' },
    withdrawRejected: { subject: 'Pengeluaran ditolak', body: 'Pengeluaran anda sebanyak {amount} (pesanan {orderNo}) ditolak dan jumlahnya dikembalikan ke baki anda. Sebab: {reason}' },
  },
  nl: {
    code: { subject: 'Je verificatiecode', body: 'Je verificatiecode is {code}. Hij verloopt over 10 minuten. Deel hem met niemand.' },
    signIn: { subject: 'Nieuwe aanmelding op je account', body: 'Er is op {time} (UTC) vanaf {agent} aangemeld op je account. Was jij dit niet? Wijzig dan nu je wachtwoord. Je apparaten en sessies: {link}' },
    methodAdded: { subject: 'Betaalmethode toegevoegd', body: 'Op {time} (UTC) is een betaalmethode aan je account toegevoegd of gewijzigd. Die kan vanaf {until} (UTC) opnames ontvangen. Was jij dit niet? Wijzig dan je wachtwoord en neem nu contact op met support.' },
    withdrawRequested: { subject: 'Opname aangevraagd', body: 'Er is een opname van {amount} (order {orderNo}) aangevraagd vanaf je account. We beoordelen die binnenkort.' },
    withdrawPaid: { subject: 'Opname uitbetaald', body: 'Je opname van {amount} (order {orderNo}) is uitbetaald.' },
    withdrawRejected: { subject: 'Opname afgewezen', body: 'Je opname van {amount} (order {orderNo}) is afgewezen en het bedrag staat weer op je saldo. Reden: {reason}' },
  },
  ro: {
    code: { subject: 'Codul tău de verificare', body: 'Codul tău de verificare este {code}. Expiră în 10 minute. Nu îl da nimănui.' },
    signIn: { subject: 'Conectare nouă în contul tău', body: 'Contul tău a fost accesat de pe {agent} la {time} (UTC). Dacă nu ai fost tu, schimbă-ți parola acum. Dispozitivele și sesiunile tale: {link}' },
    methodAdded: { subject: 'Metodă de plată adăugată', body: 'O metodă de plată a fost adăugată sau schimbată în contul tău la {time} (UTC). Poate primi retrageri începând cu {until} (UTC). Dacă nu ai fost tu, schimbă-ți parola și contactează acum asistența.' },
    withdrawRequested: { subject: 'Retragere solicitată', body: 'A fost solicitată din contul tău o retragere de {amount} (ordinul {orderNo}). O vom verifica în curând.' },
    withdrawPaid: { subject: 'Retragere plătită', body: 'Retragerea ta de {amount} (ordinul {orderNo}) a fost plătită.' },
    withdrawRejected: { subject: 'Retragere respinsă', body: 'Retragerea ta de {amount} (ordinul {orderNo}) a fost respinsă, iar suma a revenit în soldul tău. Motiv: {reason}' },
  },
  ru: {
    code: { subject: 'Ваш код подтверждения', body: 'Ваш код подтверждения: {code}. Он действует 10 минут. Никому его не сообщайте.' },
    signIn: { subject: 'Новый вход в ваш аккаунт', body: 'В ваш аккаунт выполнен вход с {agent} в {time} (UTC). Если это были не вы, смените пароль прямо сейчас. Ваши устройства и сеансы: {link}' },
    methodAdded: { subject: 'Добавлен способ оплаты', body: 'В {time} (UTC) в вашем аккаунте добавлен или изменён способ оплаты. Он сможет получать выводы с {until} (UTC). Если это были не вы, смените пароль и сразу свяжитесь с поддержкой.' },
    withdrawRequested: { subject: 'Запрошен вывод средств', body: 'С вашего аккаунта запрошен вывод {amount} (заявка {orderNo}). Мы скоро его проверим.' },
    withdrawPaid: { subject: 'Вывод выплачен', body: 'Ваш вывод {amount} (заявка {orderNo}) выплачен.' },
    withdrawRejected: { subject: 'Вывод отклонён', body: 'Ваш вывод {amount} (заявка {orderNo}) отклонён, сумма возвращена на баланс. Причина: {reason}' },
  },
  th: {
    code: { subject: 'รหัสยืนยันของคุณ', body: 'รหัสยืนยันของคุณคือ {code} รหัสจะหมดอายุใน 10 นาที ห้ามบอกรหัสนี้กับผู้ใด' },
    signIn: { subject: 'มีการเข้าสู่ระบบบัญชีของคุณใหม่', body: 'มีการเข้าสู่ระบบบัญชีของคุณจาก {agent} เมื่อ {time} (UTC) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที อุปกรณ์และเซสชันของคุณ: {link}' },
    methodAdded: { subject: 'เพิ่มวิธีการชำระเงินแล้ว', body: 'มีการเพิ่มหรือเปลี่ยนวิธีการชำระเงินในบัญชีของคุณเมื่อ {time} (UTC) วิธีนี้จะรับเงินถอนได้ตั้งแต่ {until} (UTC) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายสนับสนุนทันที' },
    withdrawRequested: { subject: 'มีคำขอถอนเงิน', body: 'มีคำขอถอนเงินจำนวน {amount} (คำสั่ง {orderNo}) จากบัญชีของคุณ เราจะตรวจสอบในไม่ช้า' },
    withdrawPaid: { subject: 'จ่ายเงินถอนแล้ว', body: 'การถอนเงินจำนวน {amount} ของคุณ (คำสั่ง {orderNo}) ได้รับการจ่ายแล้ว' },
    withdrawRejected: { subject: 'การถอนเงินถูกปฏิเสธ', body: 'การถอนเงินจำนวน {amount} ของคุณ (คำสั่ง {orderNo}) ถูกปฏิเสธ และคืนเงินเข้ายอดคงเหลือแล้ว เหตุผล: {reason}' },
  },
  vi: {
    code: { subject: 'Mã xác minh của bạn', body: 'Mã xác minh của bạn là {code}. Mã hết hạn sau 10 phút. Không chia sẻ mã với bất kỳ ai.' },
    signIn: { subject: 'Đăng nhập mới vào tài khoản của bạn', body: 'Tài khoản của bạn đã được đăng nhập từ {agent} lúc {time} (UTC). Nếu không phải bạn, hãy đổi mật khẩu ngay. Thiết bị và phiên của bạn: {link}' },
    methodAdded: { subject: 'Đã thêm phương thức thanh toán', body: 'Một phương thức thanh toán đã được thêm hoặc thay đổi trong tài khoản của bạn lúc {time} (UTC). Phương thức này có thể nhận tiền rút từ {until} (UTC). Nếu không phải bạn, hãy đổi mật khẩu và liên hệ hỗ trợ ngay.' },
    withdrawRequested: { subject: 'Đã yêu cầu rút tiền', body: 'Tài khoản của bạn đã yêu cầu rút {amount} (lệnh {orderNo}). Chúng tôi sẽ sớm xem xét.' },
    withdrawPaid: { subject: 'Đã chi trả rút tiền', body: 'Khoản rút {amount} của bạn (lệnh {orderNo}) đã được chi trả.' },
    withdrawRejected: { subject: 'Rút tiền bị từ chối', body: 'Khoản rút {amount} của bạn (lệnh {orderNo}) bị từ chối và số tiền đã được hoàn vào số dư. Lý do: {reason}' },
  },
  'zh-CN': {
    code: { subject: '您的验证码', body: '您的验证码是 {code}，10 分钟内有效。请勿告诉任何人。' },
    signIn: { subject: '您的账户有新的登录', body: '您的账户于 {time}（UTC）在 {agent} 上登录。如非本人操作，请立即修改密码。您的设备与会话：{link}' },
    methodAdded: { subject: '已添加收款方式', body: '您的账户于 {time}（UTC）添加或更改了收款方式，该方式自 {until}（UTC）起可接收提现。如非本人操作，请立即修改密码并联系客服。' },
    withdrawRequested: { subject: '已提交提现申请', body: '您的账户提交了 {amount} 的提现申请（订单 {orderNo}），我们将尽快审核。' },
    withdrawPaid: { subject: '提现已打款', body: '您 {amount} 的提现（订单 {orderNo}）已打款。' },
    withdrawRejected: { subject: '提现被拒绝', body: '您 {amount} 的提现（订单 {orderNo}）被拒绝，金额已退回余额。原因：{reason}' },
  },
  'zh-TW': {
    code: { subject: '您的驗證碼', body: '您的驗證碼是 {code}，10 分鐘內有效。請勿告訴任何人。' },
    signIn: { subject: '您的帳戶有新的登入', body: '您的帳戶於 {time}（UTC）在 {agent} 上登入。如非本人操作，請立即變更密碼。您的裝置與工作階段：{link}' },
    methodAdded: { subject: '已新增收款方式', body: '您的帳戶於 {time}（UTC）新增或變更了收款方式，該方式自 {until}（UTC）起可接收提領。如非本人操作，請立即變更密碼並聯絡客服。' },
    withdrawRequested: { subject: '已提交提領申請', body: '您的帳戶提交了 {amount} 的提領申請（訂單 {orderNo}），我們將盡快審核。' },
    withdrawPaid: { subject: '提領已撥款', body: '您 {amount} 的提領（訂單 {orderNo}）已撥款。' },
    withdrawRejected: { subject: '提領被拒絕', body: '您 {amount} 的提領（訂單 {orderNo}）被拒絕，金額已退回餘額。原因：{reason}' },
  },
};

/** The app language among `candidates` (lower-cased, most wanted first, as server/content/lang.ts gives them). */
export function languageOf(candidates: string[]): string {
  const names = Object.keys(TEXTS);
  for (const c of candidates) {
    const name = names.find((n) => n.toLowerCase() === c.toLowerCase());
    if (name) return name;
  }
  return 'en';
}

export interface Composed {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, params: Record<string, string>, wrap: (v: string) => string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => wrap(params[name] ?? ''));

/** Plain text, and the same words as a bare HTML page: no images, links or anything that reports a read. */
export function compose(purpose: Purpose, lang: string, params: Record<string, string>): Composed {
  const t = (TEXTS[lang] ?? en)[purpose];
  const rtl = lang === 'ar';
  const text = fill(t.body, params, (v) => v);
  const body = fill(escapeHtml(t.body), params, (v) => `<b>${escapeHtml(v)}</b>`);
  const html = `<!doctype html><html lang="${lang}"${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head><body style="font-family:sans-serif;font-size:16px;line-height:1.5"><p>${body}</p></body></html>`;
  return { subject: t.subject, text, html };
}
