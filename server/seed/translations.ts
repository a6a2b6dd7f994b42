/**
 * Demo texts in every language but English (whose originals are server/seed/content.ts and
 * PAGES_EN): notices, marquee and banners in the seeded order, and the three static pages.
 * Plain text: the app shows it as text, so nothing here can run as script.
 */

import { BANNERS, MARQUEE, NOTICES } from './content.ts';

export interface PageText {
  title: string;
  body: string;
}

export interface LanguageTexts {
  notices: Array<{ title: string; content: string }>;
  marquee: string[];
  banners: string[];
  pages: { about: PageText; statement: PageText; introduction: PageText };
}

export const PAGES_EN: LanguageTexts['pages'] = {
  about: {
    title: 'About us',
    body:
      'Trade Lite is a light trading app made for phones and slow networks: quotes, short-term contracts, finance products and a daily-interest savings balance in one place.\n\n' +
      'Questions? Write to customer service from the user centre; we answer every day.',
  },
  statement: {
    title: 'Statement',
    body:
      'Contracts, finance products and savings carry risk: prices move, and you can lose the amount you invest. Past income does not promise future income.\n\n' +
      'Only use money you can afford to lose, keep your passwords and verification codes to yourself, and check every deposit and withdrawal in your wallet details.',
  },
  introduction: {
    title: 'Company profile',
    body:
      'Trade Lite runs a digital-currency trading platform for customers in many countries, in 24 languages.\n\n' +
      'Every deposit and withdrawal is reviewed by our team, and every change of your balance is recorded in your wallet details.',
  },
};


const it: LanguageTexts = {
  notices: [
    { title: 'Bonus di benvenuto: fino al 100%, massimo 5 BTC', content: "Il tuo primo deposito riceve un bonus fino al 100% dell'importo, con un massimo di 5 BTC. Il bonus viene accreditato dopo l'approvazione del deposito." },
    { title: 'Leva fino a 2000x su BTC', content: 'I contratti BTC offrono ora una leva fino a 2000x. Una leva più alta significa un rischio più alto: opera con prudenza.' },
    { title: 'Proteggi il tuo account', content: 'Imposta una password dei fondi prima del primo prelievo e non condividere mai i codici di verifica con nessuno.' },
  ],
  marquee: [
    'Bonus di benvenuto fino al 100% sul primo deposito, massimo 5 BTC.',
    'Fai trading su BTC con leva fino a 2000x.',
    'Ogni deposito e prelievo è verificato dalla piattaforma; i dettagli del portafoglio registrano ogni movimento.',
  ],
  banners: ['Bonus di benvenuto fino al 100%', 'Leva BTC fino a 2000x', 'Interessi giornalieri con Risparmi'],
  pages: {
    about: {
      title: 'Chi siamo',
      body: "Trade Lite è un'app di trading leggera pensata per telefoni e reti lente: quotazioni, contratti a breve termine, prodotti finanziari e un saldo di risparmio con interessi giornalieri in un unico posto.\n\nDomande? Scrivi al servizio clienti dal centro utente; rispondiamo ogni giorno.",
    },
    statement: {
      title: 'Dichiarazione',
      body: "Contratti, prodotti finanziari e risparmi comportano rischi: i prezzi si muovono e puoi perdere l'importo investito. I guadagni passati non garantiscono guadagni futuri.\n\nUsa solo denaro che puoi permetterti di perdere, tieni per te password e codici di verifica e controlla ogni deposito e prelievo nei dettagli del portafoglio.",
    },
    introduction: {
      title: 'Profilo aziendale',
      body: 'Trade Lite gestisce una piattaforma di trading di valute digitali per clienti in molti paesi, in 24 lingue.\n\nOgni deposito e prelievo viene verificato dal nostro team e ogni variazione del saldo è registrata nei dettagli del portafoglio.',
    },
  },
};

const th: LanguageTexts = {
  notices: [
    { title: 'โบนัสต้อนรับ: สูงสุด 100% สูงสุด 5 BTC', content: 'การฝากครั้งแรกของคุณได้รับโบนัสสูงสุด 100% ของยอดฝาก สูงสุด 5 BTC โบนัสจะเข้าบัญชีหลังจากการฝากได้รับการอนุมัติ' },
    { title: 'เลเวอเรจสูงสุด 2000 เท่าสำหรับ BTC', content: 'สัญญา BTC มีเลเวอเรจสูงสุด 2000 เท่าแล้ว เลเวอเรจที่สูงขึ้นหมายถึงความเสี่ยงที่สูงขึ้น โปรดเทรดอย่างระมัดระวัง' },
    { title: 'รักษาบัญชีของคุณให้ปลอดภัย', content: 'ตั้งรหัสผ่านกองทุนก่อนการถอนครั้งแรก และอย่าแชร์รหัสยืนยันกับผู้ใดเด็ดขาด' },
  ],
  marquee: [
    'โบนัสต้อนรับสูงสุด 100% สำหรับการฝากครั้งแรก สูงสุด 5 BTC',
    'เทรด BTC ด้วยเลเวอเรจสูงสุด 2000 เท่า',
    'การฝากและถอนทุกครั้งได้รับการตรวจสอบโดยแพลตฟอร์ม รายละเอียดกระเป๋าเงินบันทึกทุกการเปลี่ยนแปลง',
  ],
  banners: ['โบนัสต้อนรับสูงสุด 100%', 'เลเวอเรจ BTC สูงสุด 2000 เท่า', 'ดอกเบี้ยรายวันกับเงินออม'],
  pages: {
    about: {
      title: 'เกี่ยวกับเรา',
      body: 'Trade Lite เป็นแอปเทรดขนาดเล็กที่ออกแบบมาสำหรับโทรศัพท์และเครือข่ายที่ช้า: ราคา สัญญาระยะสั้น ผลิตภัณฑ์การเงิน และยอดออมที่ได้ดอกเบี้ยรายวันในที่เดียว\n\nมีคำถาม? เขียนถึงฝ่ายบริการลูกค้าจากศูนย์ผู้ใช้ เราตอบทุกวัน',
    },
    statement: {
      title: 'คำชี้แจง',
      body: 'สัญญา ผลิตภัณฑ์การเงิน และเงินออมมีความเสี่ยง: ราคาเปลี่ยนแปลงได้ และคุณอาจสูญเสียเงินที่ลงทุน รายได้ในอดีตไม่ได้รับประกันรายได้ในอนาคต\n\nใช้เฉพาะเงินที่คุณยอมเสียได้ เก็บรหัสผ่านและรหัสยืนยันไว้กับตัวเอง และตรวจสอบการฝากและถอนทุกครั้งในรายละเอียดกระเป๋าเงิน',
    },
    introduction: {
      title: 'ข้อมูลบริษัท',
      body: 'Trade Lite ให้บริการแพลตฟอร์มเทรดสกุลเงินดิจิทัลแก่ลูกค้าในหลายประเทศ ใน 24 ภาษา\n\nการฝากและถอนทุกครั้งได้รับการตรวจสอบโดยทีมของเรา และทุกการเปลี่ยนแปลงของยอดเงินจะถูกบันทึกในรายละเอียดกระเป๋าเงิน',
    },
  },
};

const ja: LanguageTexts = {
  notices: [
    { title: 'ウェルカムボーナス：最大100%、上限5 BTC', content: '初回入金に対し、入金額の最大100%（上限5 BTC）のボーナスが付与されます。ボーナスは入金の承認後に付与されます。' },
    { title: 'BTCで最大2000倍のレバレッジ', content: 'BTC契約で最大2000倍のレバレッジをご利用いただけるようになりました。レバレッジが高いほどリスクも高くなります。慎重にお取引ください。' },
    { title: 'アカウントを安全に保ちましょう', content: '初回出金の前に資金パスワードを設定し、認証コードは誰にも教えないでください。' },
  ],
  marquee: [
    '初回入金で最大100%のウェルカムボーナス、上限5 BTC。',
    'BTCを最大2000倍のレバレッジで取引。',
    'すべての入金と出金はプラットフォームが審査し、ウォレット明細にすべての変動が記録されます。',
  ],
  banners: ['最大100%のウェルカムボーナス', 'BTCレバレッジ最大2000倍', '貯蓄で毎日利息'],
  pages: {
    about: {
      title: '私たちについて',
      body: 'Trade Liteは、スマートフォンと低速回線のために作られた軽量な取引アプリです。相場、短期契約、金融商品、日利の付く貯蓄残高をひとつにまとめています。\n\nご質問はユーザーセンターからカスタマーサービスへどうぞ。毎日お答えします。',
    },
    statement: {
      title: '免責事項',
      body: '契約、金融商品、貯蓄にはリスクがあります。価格は変動し、投資額を失う可能性があります。過去の収益は将来の収益を保証しません。\n\n失っても困らない資金だけをお使いください。パスワードと認証コードは他人に教えず、すべての入金と出金をウォレット明細でご確認ください。',
    },
    introduction: {
      title: '会社概要',
      body: 'Trade Liteは、多くの国のお客様に24言語でデジタル通貨取引プラットフォームを提供しています。\n\nすべての入金と出金は当社チームが審査し、残高のすべての変動はウォレット明細に記録されます。',
    },
  },
};

const ko: LanguageTexts = {
  notices: [
    { title: '웰컴 보너스: 최대 100%, 최대 5 BTC', content: '첫 입금 시 입금액의 최대 100%, 최대 5 BTC까지 보너스를 드립니다. 보너스는 입금이 승인된 후 지급됩니다.' },
    { title: 'BTC 최대 2000배 레버리지', content: '이제 BTC 계약에서 최대 2000배 레버리지를 제공합니다. 레버리지가 높을수록 위험도 커집니다. 신중하게 거래하세요.' },
    { title: '계정을 안전하게 지키세요', content: '첫 출금 전에 자금 비밀번호를 설정하고, 인증 코드는 절대 다른 사람과 공유하지 마세요.' },
  ],
  marquee: [
    '첫 입금 시 최대 100% 웰컴 보너스, 최대 5 BTC.',
    '최대 2000배 레버리지로 BTC를 거래하세요.',
    '모든 입금과 출금은 플랫폼이 검토하며, 지갑 내역에 모든 변동이 기록됩니다.',
  ],
  banners: ['최대 100% 웰컴 보너스', 'BTC 레버리지 최대 2000배', '저축으로 매일 이자 받기'],
  pages: {
    about: {
      title: '회사 소개',
      body: 'Trade Lite는 휴대폰과 느린 네트워크를 위해 만든 가벼운 거래 앱입니다. 시세, 단기 계약, 금융 상품, 매일 이자가 붙는 저축 잔액을 한곳에서 제공합니다.\n\n궁금한 점이 있으신가요? 사용자 센터에서 고객 서비스에 문의하세요. 매일 답변해 드립니다.',
    },
    statement: {
      title: '면책 고지',
      body: '계약, 금융 상품, 저축에는 위험이 따릅니다. 가격은 변동하며 투자한 금액을 잃을 수 있습니다. 과거 수익이 미래 수익을 보장하지 않습니다.\n\n잃어도 괜찮은 돈만 사용하고, 비밀번호와 인증 코드는 혼자만 알고, 모든 입금과 출금을 지갑 내역에서 확인하세요.',
    },
    introduction: {
      title: '기업 프로필',
      body: 'Trade Lite는 여러 나라의 고객에게 24개 언어로 디지털 화폐 거래 플랫폼을 운영합니다.\n\n모든 입금과 출금은 저희 팀이 검토하며, 잔액의 모든 변동은 지갑 내역에 기록됩니다.',
    },
  },
};

const vi: LanguageTexts = {
  notices: [
    { title: 'Thưởng chào mừng: đến 100%, tối đa 5 BTC', content: 'Lần nạp đầu tiên của bạn nhận thưởng đến 100% số tiền nạp, tối đa 5 BTC. Tiền thưởng được cộng sau khi khoản nạp được duyệt.' },
    { title: 'Đòn bẩy đến 2000x với BTC', content: 'Hợp đồng BTC nay có đòn bẩy đến 2000x. Đòn bẩy càng cao thì rủi ro càng lớn: hãy giao dịch thận trọng.' },
    { title: 'Giữ tài khoản của bạn an toàn', content: 'Hãy đặt mật khẩu quỹ trước lần rút tiền đầu tiên và không bao giờ chia sẻ mã xác minh với bất kỳ ai.' },
  ],
  marquee: [
    'Thưởng chào mừng đến 100% cho lần nạp đầu tiên, tối đa 5 BTC.',
    'Giao dịch BTC với đòn bẩy đến 2000x.',
    'Mọi khoản nạp và rút đều được nền tảng xét duyệt; chi tiết ví ghi lại từng thay đổi.',
  ],
  banners: ['Thưởng chào mừng đến 100%', 'Đòn bẩy BTC đến 2000x', 'Lãi hằng ngày với Tiết kiệm'],
  pages: {
    about: {
      title: 'Về chúng tôi',
      body: 'Trade Lite là ứng dụng giao dịch gọn nhẹ dành cho điện thoại và mạng chậm: báo giá, hợp đồng ngắn hạn, sản phẩm tài chính và số dư tiết kiệm có lãi hằng ngày ở cùng một nơi.\n\nCó câu hỏi? Hãy nhắn cho bộ phận chăm sóc khách hàng từ trung tâm người dùng; chúng tôi trả lời mỗi ngày.',
    },
    statement: {
      title: 'Tuyên bố',
      body: 'Hợp đồng, sản phẩm tài chính và tiết kiệm đều có rủi ro: giá biến động và bạn có thể mất số tiền đã đầu tư. Thu nhập trong quá khứ không bảo đảm thu nhập trong tương lai.\n\nChỉ dùng số tiền bạn chấp nhận mất, giữ kín mật khẩu và mã xác minh, và kiểm tra mọi khoản nạp và rút trong chi tiết ví.',
    },
    introduction: {
      title: 'Hồ sơ công ty',
      body: 'Trade Lite vận hành nền tảng giao dịch tiền kỹ thuật số cho khách hàng ở nhiều quốc gia, bằng 24 ngôn ngữ.\n\nMọi khoản nạp và rút đều được đội ngũ của chúng tôi xét duyệt, và mọi thay đổi số dư đều được ghi trong chi tiết ví.',
    },
  },
};

const es: LanguageTexts = {
  notices: [
    { title: 'Bono de bienvenida: hasta el 100%, máximo 5 BTC', content: 'Tu primer depósito recibe un bono de hasta el 100% del importe, con un máximo de 5 BTC. El bono se abona después de que se apruebe el depósito.' },
    { title: 'Apalancamiento de hasta 2000x en BTC', content: 'Los contratos de BTC ya ofrecen apalancamiento de hasta 2000x. Más apalancamiento significa más riesgo: opera con cuidado.' },
    { title: 'Mantén tu cuenta segura', content: 'Configura una contraseña de fondos antes de tu primer retiro y nunca compartas los códigos de verificación con nadie.' },
  ],
  marquee: [
    'Bono de bienvenida de hasta el 100% en tu primer depósito, máximo 5 BTC.',
    'Opera BTC con apalancamiento de hasta 2000x.',
    'Cada depósito y retiro es revisado por la plataforma; los detalles de tu billetera registran cada cambio.',
  ],
  banners: ['Bono de bienvenida de hasta el 100%', 'Apalanca\u00admiento BTC de hasta 2000x', 'Intereses diarios con Ahorros'],
  pages: {
    about: {
      title: 'Sobre nosotros',
      body: 'Trade Lite es una app de trading ligera hecha para teléfonos y redes lentas: cotizaciones, contratos a corto plazo, productos financieros y un saldo de ahorro con intereses diarios en un solo lugar.\n\n¿Preguntas? Escribe al servicio de atención al cliente desde el centro de usuario; respondemos todos los días.',
    },
    statement: {
      title: 'Declaración',
      body: 'Los contratos, los productos financieros y el ahorro conllevan riesgos: los precios se mueven y puedes perder el importe que inviertes. Los ingresos pasados no garantizan ingresos futuros.\n\nUsa solo dinero que puedas permitirte perder, guarda para ti tus contraseñas y códigos de verificación, y revisa cada depósito y retiro en los detalles de tu billetera.',
    },
    introduction: {
      title: 'Perfil de la empresa',
      body: 'Trade Lite opera una plataforma de trading de monedas digitales para clientes de muchos países, en 24 idiomas.\n\nNuestro equipo revisa cada depósito y retiro, y cada cambio de tu saldo queda registrado en los detalles de tu billetera.',
    },
  },
};

const ru: LanguageTexts = {
  notices: [
    { title: 'Приветственный бонус: до 100%, максимум 5 BTC', content: 'Ваш первый депозит получает бонус до 100% от суммы, но не более 5 BTC. Бонус начисляется после одобрения депозита.' },
    { title: 'Кредитное плечо до 2000x на BTC', content: 'Контракты на BTC теперь предлагают кредитное плечо до 2000x. Чем выше плечо, тем выше риск: торгуйте осторожно.' },
    { title: 'Берегите свой аккаунт', content: 'Установите пароль для средств до первого вывода и никогда никому не сообщайте коды подтверждения.' },
  ],
  marquee: [
    'Приветственный бонус до 100% на первый депозит, максимум 5 BTC.',
    'Торгуйте BTC с кредитным плечом до 2000x.',
    'Каждый депозит и вывод проверяется платформой; история кошелька фиксирует каждое изменение.',
  ],
  banners: ['Приветствен\u00adный бонус до 100%', 'Плечо на BTC до 2000x', 'Ежедневные проценты в Накоплениях'],
  pages: {
    about: {
      title: 'О нас',
      body: 'Trade Lite — лёгкое торговое приложение для телефонов и медленных сетей: котировки, краткосрочные контракты, финансовые продукты и сберегательный баланс с ежедневными процентами в одном месте.\n\nЕсть вопросы? Напишите в службу поддержки из личного кабинета; мы отвечаем каждый день.',
    },
    statement: {
      title: 'Заявление',
      body: 'Контракты, финансовые продукты и сбережения связаны с риском: цены меняются, и вы можете потерять вложенную сумму. Прошлый доход не гарантирует будущего дохода.\n\nИспользуйте только те деньги, потерю которых можете себе позволить, никому не сообщайте пароли и коды подтверждения и проверяйте каждый депозит и вывод в истории кошелька.',
    },
    introduction: {
      title: 'О компании',
      body: 'Trade Lite управляет платформой для торговли цифровыми валютами для клиентов во многих странах на 24 языках.\n\nКаждый депозит и вывод проверяется нашей командой, а каждое изменение баланса записывается в историю кошелька.',
    },
  },
};

const ms: LanguageTexts = {
  notices: [
    { title: 'Bonus alu-aluan: sehingga 100%, maksimum 5 BTC', content: 'Deposit pertama anda menerima bonus sehingga 100% daripada jumlahnya, maksimum 5 BTC. Bonus dikreditkan selepas deposit diluluskan.' },
    { title: 'Leveraj sehingga 2000x untuk BTC', content: 'Kontrak BTC kini menawarkan leveraj sehingga 2000x. Leveraj lebih tinggi bermakna risiko lebih tinggi: berdagang dengan berhati-hati.' },
    { title: 'Pastikan akaun anda selamat', content: 'Tetapkan kata laluan dana sebelum pengeluaran pertama anda, dan jangan sekali-kali berkongsi kod pengesahan dengan sesiapa.' },
  ],
  marquee: [
    'Bonus alu-aluan sehingga 100% untuk deposit pertama anda, maksimum 5 BTC.',
    'Dagangkan BTC dengan leveraj sehingga 2000x.',
    'Setiap deposit dan pengeluaran disemak oleh platform; butiran dompet anda merekodkan setiap perubahan.',
  ],
  banners: ['Bonus alu-aluan sehingga 100%', 'Leveraj BTC sehingga 2000x', 'Faedah harian dengan Simpanan'],
  pages: {
    about: {
      title: 'Tentang kami',
      body: 'Trade Lite ialah aplikasi dagangan ringan untuk telefon dan rangkaian perlahan: sebut harga, kontrak jangka pendek, produk kewangan dan baki simpanan dengan faedah harian di satu tempat.\n\nAda soalan? Tulis kepada khidmat pelanggan dari pusat pengguna; kami menjawab setiap hari.',
    },
    statement: {
      title: 'Kenyataan',
      body: 'Kontrak, produk kewangan dan simpanan membawa risiko: harga berubah dan anda boleh kehilangan jumlah yang dilaburkan. Pendapatan lalu tidak menjamin pendapatan masa depan.\n\nGunakan hanya wang yang anda mampu kehilangan, simpan kata laluan dan kod pengesahan untuk diri sendiri, dan semak setiap deposit dan pengeluaran dalam butiran dompet anda.',
    },
    introduction: {
      title: 'Profil syarikat',
      body: 'Trade Lite mengendalikan platform dagangan mata wang digital untuk pelanggan di banyak negara, dalam 24 bahasa.\n\nSetiap deposit dan pengeluaran disemak oleh pasukan kami, dan setiap perubahan baki anda direkodkan dalam butiran dompet.',
    },
  },
};

const id: LanguageTexts = {
  notices: [
    { title: 'Bonus sambutan: hingga 100%, maksimal 5 BTC', content: 'Deposit pertama Anda mendapat bonus hingga 100% dari jumlahnya, maksimal 5 BTC. Bonus dikreditkan setelah deposit disetujui.' },
    { title: 'Leverage hingga 2000x untuk BTC', content: 'Kontrak BTC kini menawarkan leverage hingga 2000x. Leverage lebih tinggi berarti risiko lebih tinggi: bertransaksilah dengan hati-hati.' },
    { title: 'Jaga keamanan akun Anda', content: 'Atur kata sandi dana sebelum penarikan pertama Anda, dan jangan pernah membagikan kode verifikasi kepada siapa pun.' },
  ],
  marquee: [
    'Bonus sambutan hingga 100% untuk deposit pertama Anda, maksimal 5 BTC.',
    'Perdagangkan BTC dengan leverage hingga 2000x.',
    'Setiap deposit dan penarikan ditinjau oleh platform; rincian dompet Anda mencatat setiap perubahan.',
  ],
  banners: ['Bonus sambutan hingga 100%', 'Leverage BTC hingga 2000x', 'Bunga harian dengan Tabungan'],
  pages: {
    about: {
      title: 'Tentang kami',
      body: 'Trade Lite adalah aplikasi trading ringan untuk ponsel dan jaringan lambat: harga, kontrak jangka pendek, produk keuangan, dan saldo tabungan dengan bunga harian dalam satu tempat.\n\nAda pertanyaan? Hubungi layanan pelanggan dari pusat pengguna; kami menjawab setiap hari.',
    },
    statement: {
      title: 'Pernyataan',
      body: 'Kontrak, produk keuangan, dan tabungan memiliki risiko: harga bergerak dan Anda bisa kehilangan jumlah yang Anda investasikan. Pendapatan masa lalu tidak menjamin pendapatan di masa depan.\n\nGunakan hanya uang yang sanggup Anda relakan, simpan sendiri kata sandi dan kode verifikasi, dan periksa setiap deposit dan penarikan di rincian dompet Anda.',
    },
    introduction: {
      title: 'Profil perusahaan',
      body: 'Trade Lite menjalankan platform perdagangan mata uang digital untuk pelanggan di banyak negara, dalam 24 bahasa.\n\nSetiap deposit dan penarikan ditinjau oleh tim kami, dan setiap perubahan saldo Anda dicatat di rincian dompet.',
    },
  },
};

const de: LanguageTexts = {
  notices: [
    { title: 'Willkommensbonus: bis zu 100\u00a0%, maximal 5 BTC', content: 'Ihre erste Einzahlung erhält einen Bonus von bis zu 100\u00a0% des Betrags, höchstens 5 BTC. Der Bonus wird gutgeschrieben, sobald die Einzahlung genehmigt ist.' },
    { title: 'Hebel bis 2000x auf BTC', content: 'BTC-Kontrakte bieten jetzt einen Hebel von bis zu 2000x. Ein höherer Hebel bedeutet ein höheres Risiko: Handeln Sie mit Bedacht.' },
    { title: 'Schützen Sie Ihr Konto', content: 'Legen Sie vor Ihrer ersten Auszahlung ein Fondspasswort fest und geben Sie Bestätigungscodes niemals an andere weiter.' },
  ],
  marquee: [
    'Willkommensbonus bis zu 100\u00a0% auf Ihre erste Einzahlung, maximal 5 BTC.',
    'Handeln Sie BTC mit einem Hebel von bis zu 2000x.',
    'Jede Ein- und Auszahlung wird von der Plattform geprüft; Ihre Wallet-Details verzeichnen jede Änderung.',
  ],
  banners: ['Willkommens\u00adbonus bis zu 100\u00a0%', 'BTC-Hebel bis 2000x', 'Tägliche Zinsen mit Sparen'],
  pages: {
    about: {
      title: 'Über uns',
      body: 'Trade Lite ist eine schlanke Trading-App für Smartphones und langsame Netze: Kurse, kurzfristige Kontrakte, Finanzprodukte und ein Sparguthaben mit täglichen Zinsen an einem Ort.\n\nFragen? Schreiben Sie dem Kundenservice aus dem Benutzerbereich; wir antworten jeden Tag.',
    },
    statement: {
      title: 'Erklärung',
      body: 'Kontrakte, Finanzprodukte und Ersparnisse sind mit Risiken verbunden: Kurse schwanken, und Sie können den eingesetzten Betrag verlieren. Frühere Erträge garantieren keine künftigen Erträge.\n\nSetzen Sie nur Geld ein, dessen Verlust Sie sich leisten können, behalten Sie Passwörter und Bestätigungscodes für sich und prüfen Sie jede Ein- und Auszahlung in Ihren Wallet-Details.',
    },
    introduction: {
      title: 'Unternehmensprofil',
      body: 'Trade Lite betreibt eine Handelsplattform für digitale Währungen für Kunden in vielen Ländern, in 24 Sprachen.\n\nJede Ein- und Auszahlung wird von unserem Team geprüft, und jede Änderung Ihres Guthabens wird in Ihren Wallet-Details festgehalten.',
    },
  },
};

const fr: LanguageTexts = {
  notices: [
    { title: 'Bonus de bienvenue : jusqu’à 100\u00a0%, 5 BTC maximum', content: 'Votre premier dépôt reçoit un bonus pouvant atteindre 100\u00a0% du montant, plafonné à 5 BTC. Le bonus est crédité après l’approbation du dépôt.' },
    { title: 'Effet de levier jusqu’à 2000x sur le BTC', content: 'Les contrats BTC offrent désormais un effet de levier jusqu’à 2000x. Plus de levier signifie plus de risque : tradez avec prudence.' },
    { title: 'Protégez votre compte', content: 'Définissez un mot de passe des fonds avant votre premier retrait et ne communiquez jamais vos codes de vérification à personne.' },
  ],
  marquee: [
    'Bonus de bienvenue jusqu’à 100\u00a0% sur votre premier dépôt, 5 BTC maximum.',
    'Tradez le BTC avec un effet de levier jusqu’à 2000x.',
    'Chaque dépôt et retrait est vérifié par la plateforme ; le détail de votre portefeuille enregistre chaque mouvement.',
  ],
  banners: ['Bonus de bienvenue jusqu’à 100\u00a0%', 'Levier BTC jusqu’à 2000x', 'Intérêts quotidiens avec Épargne'],
  pages: {
    about: {
      title: 'À propos de nous',
      body: 'Trade Lite est une application de trading légère conçue pour les téléphones et les réseaux lents : cotations, contrats à court terme, produits financiers et un solde d’épargne à intérêts quotidiens, au même endroit.\n\nDes questions ? Écrivez au service client depuis l’espace utilisateur ; nous répondons tous les jours.',
    },
    statement: {
      title: 'Déclaration',
      body: 'Les contrats, les produits financiers et l’épargne comportent des risques : les prix varient et vous pouvez perdre le montant investi. Les revenus passés ne garantissent pas les revenus futurs.\n\nN’utilisez que de l’argent que vous pouvez vous permettre de perdre, gardez vos mots de passe et codes de vérification pour vous, et vérifiez chaque dépôt et retrait dans le détail de votre portefeuille.',
    },
    introduction: {
      title: 'Présentation de l’entreprise',
      body: 'Trade Lite exploite une plateforme de trading de monnaies numériques pour des clients de nombreux pays, en 24 langues.\n\nChaque dépôt et retrait est vérifié par notre équipe, et chaque variation de votre solde est enregistrée dans le détail de votre portefeuille.',
    },
  },
};

const nl: LanguageTexts = {
  notices: [
    { title: 'Welkomstbonus: tot 100%, maximaal 5 BTC', content: 'Je eerste storting krijgt een bonus tot 100% van het bedrag, met een maximum van 5 BTC. De bonus wordt bijgeschreven nadat de storting is goedgekeurd.' },
    { title: 'Hefboom tot 2000x op BTC', content: 'BTC-contracten bieden nu een hefboom tot 2000x. Een hogere hefboom betekent een hoger risico: handel voorzichtig.' },
    { title: 'Houd je account veilig', content: 'Stel een fondswachtwoord in vóór je eerste opname en deel verificatiecodes nooit met iemand.' },
  ],
  marquee: [
    'Welkomstbonus tot 100% op je eerste storting, maximaal 5 BTC.',
    'Handel BTC met een hefboom tot 2000x.',
    'Elke storting en opname wordt door het platform beoordeeld; je portemonnee-overzicht legt elke wijziging vast.',
  ],
  banners: ['Welkomst\u00adbonus tot 100%', 'BTC-hefboom tot 2000x', 'Dagelijkse rente met Sparen'],
  pages: {
    about: {
      title: 'Over ons',
      body: 'Trade Lite is een lichte handelsapp voor telefoons en trage netwerken: koersen, kortlopende contracten, financiële producten en een spaarsaldo met dagelijkse rente op één plek.\n\nVragen? Schrijf de klantenservice vanuit het gebruikerscentrum; we antwoorden elke dag.',
    },
    statement: {
      title: 'Verklaring',
      body: 'Contracten, financiële producten en sparen brengen risico’s mee: koersen bewegen en je kunt het ingelegde bedrag verliezen. Inkomsten uit het verleden bieden geen garantie voor de toekomst.\n\nGebruik alleen geld dat je kunt missen, houd wachtwoorden en verificatiecodes voor jezelf en controleer elke storting en opname in je portemonnee-overzicht.',
    },
    introduction: {
      title: 'Bedrijfsprofiel',
      body: 'Trade Lite exploiteert een handelsplatform voor digitale valuta voor klanten in veel landen, in 24 talen.\n\nElke storting en opname wordt door ons team beoordeeld, en elke wijziging van je saldo wordt vastgelegd in je portemonnee-overzicht.',
    },
  },
};

const ptBR: LanguageTexts = {
  notices: [
    { title: 'Bônus de boas-vindas: até 100%, máximo de 5 BTC', content: 'Seu primeiro depósito recebe um bônus de até 100% do valor, limitado a 5 BTC. O bônus é creditado depois que o depósito é aprovado.' },
    { title: 'Alavancagem de até 2000x em BTC', content: 'Os contratos de BTC agora oferecem alavancagem de até 2000x. Mais alavancagem significa mais risco: negocie com cuidado.' },
    { title: 'Mantenha sua conta segura', content: 'Defina uma senha de fundos antes do seu primeiro saque e nunca compartilhe códigos de verificação com ninguém.' },
  ],
  marquee: [
    'Bônus de boas-vindas de até 100% no seu primeiro depósito, máximo de 5 BTC.',
    'Negocie BTC com alavancagem de até 2000x.',
    'Cada depósito e saque é analisado pela plataforma; o extrato da sua carteira registra cada alteração.',
  ],
  banners: ['Bônus de boas-vindas de até 100%', 'Alavancagem BTC de até 2000x', 'Juros diários com Poupança'],
  pages: {
    about: {
      title: 'Sobre nós',
      body: 'Trade Lite é um app de negociação leve feito para celulares e redes lentas: cotações, contratos de curto prazo, produtos financeiros e um saldo de poupança com juros diários em um só lugar.\n\nDúvidas? Escreva para o atendimento ao cliente pela central do usuário; respondemos todos os dias.',
    },
    statement: {
      title: 'Declaração',
      body: 'Contratos, produtos financeiros e poupança envolvem riscos: os preços oscilam e você pode perder o valor investido. Rendimentos passados não garantem rendimentos futuros.\n\nUse apenas dinheiro que você pode perder, guarde suas senhas e códigos de verificação só para você e confira cada depósito e saque no extrato da sua carteira.',
    },
    introduction: {
      title: 'Perfil da empresa',
      body: 'A Trade Lite opera uma plataforma de negociação de moedas digitais para clientes de muitos países, em 24 idiomas.\n\nCada depósito e saque é analisado pela nossa equipe, e cada alteração do seu saldo fica registrada no extrato da sua carteira.',
    },
  },
};

const pt: LanguageTexts = {
  notices: [
    { title: 'Bónus de boas-vindas: até 100%, máximo de 5 BTC', content: 'O seu primeiro depósito recebe um bónus até 100% do montante, com o limite de 5 BTC. O bónus é creditado depois de o depósito ser aprovado.' },
    { title: 'Alavancagem até 2000x em BTC', content: 'Os contratos de BTC oferecem agora alavancagem até 2000x. Mais alavancagem significa mais risco: negoceie com cuidado.' },
    { title: 'Mantenha a sua conta segura', content: 'Defina uma palavra-passe de fundos antes do primeiro levantamento e nunca partilhe códigos de verificação com ninguém.' },
  ],
  marquee: [
    'Bónus de boas-vindas até 100% no seu primeiro depósito, máximo de 5 BTC.',
    'Negoceie BTC com alavancagem até 2000x.',
    'Cada depósito e levantamento é analisado pela plataforma; os detalhes da sua carteira registam cada alteração.',
  ],
  banners: ['Bónus de boas-vindas até 100%', 'Alavancagem BTC até 2000x', 'Juros diários com Poupança'],
  pages: {
    about: {
      title: 'Sobre nós',
      body: 'A Trade Lite é uma aplicação de negociação leve feita para telemóveis e redes lentas: cotações, contratos de curto prazo, produtos financeiros e um saldo de poupança com juros diários num só lugar.\n\nTem dúvidas? Escreva ao apoio ao cliente a partir da área de utilizador; respondemos todos os dias.',
    },
    statement: {
      title: 'Declaração',
      body: 'Contratos, produtos financeiros e poupança envolvem riscos: os preços variam e pode perder o montante investido. Rendimentos passados não garantem rendimentos futuros.\n\nUse apenas dinheiro que pode perder, guarde para si as palavras-passe e os códigos de verificação e confirme cada depósito e levantamento nos detalhes da sua carteira.',
    },
    introduction: {
      title: 'Perfil da empresa',
      body: 'A Trade Lite gere uma plataforma de negociação de moedas digitais para clientes de muitos países, em 24 idiomas.\n\nCada depósito e levantamento é analisado pela nossa equipa, e cada alteração do seu saldo fica registada nos detalhes da sua carteira.',
    },
  },
};

const hi: LanguageTexts = {
  notices: [
    { title: 'स्वागत बोनस: 100% तक, अधिकतम 5 BTC', content: 'आपकी पहली जमा राशि पर राशि का 100% तक बोनस मिलता है, अधिकतम 5 BTC। जमा स्वीकृत होने के बाद बोनस जमा किया जाता है।' },
    { title: 'BTC पर 2000x तक लीवरेज', content: 'BTC अनुबंध अब 2000x तक लीवरेज देते हैं। अधिक लीवरेज का मतलब अधिक जोखिम है: सावधानी से ट्रेड करें।' },
    { title: 'अपना खाता सुरक्षित रखें', content: 'पहली निकासी से पहले फंड पासवर्ड सेट करें, और सत्यापन कोड कभी किसी के साथ साझा न करें।' },
  ],
  marquee: [
    'पहली जमा पर 100% तक स्वागत बोनस, अधिकतम 5 BTC।',
    '2000x तक लीवरेज के साथ BTC ट्रेड करें।',
    'हर जमा और निकासी की समीक्षा प्लेटफ़ॉर्म करता है; आपके वॉलेट विवरण में हर बदलाव दर्ज होता है।',
  ],
  banners: ['100% तक स्वागत बोनस', 'BTC लीवरेज 2000x तक', 'बचत के साथ दैनिक ब्याज'],
  pages: {
    about: {
      title: 'हमारे बारे में',
      body: 'Trade Lite फ़ोन और धीमे नेटवर्क के लिए बना एक हल्का ट्रेडिंग ऐप है: भाव, अल्पकालिक अनुबंध, वित्तीय उत्पाद और दैनिक ब्याज वाला बचत बैलेंस, सब एक जगह।\n\nकोई सवाल? उपयोगकर्ता केंद्र से ग्राहक सेवा को लिखें; हम हर दिन जवाब देते हैं।',
    },
    statement: {
      title: 'वक्तव्य',
      body: 'अनुबंध, वित्तीय उत्पाद और बचत में जोखिम है: कीमतें बदलती हैं और आप निवेश की गई राशि खो सकते हैं। पिछली आय भविष्य की आय की गारंटी नहीं है।\n\nकेवल उतना पैसा लगाएँ जिसे खोना आप सह सकें, अपने पासवर्ड और सत्यापन कोड अपने तक रखें, और हर जमा और निकासी को अपने वॉलेट विवरण में जाँचें।',
    },
    introduction: {
      title: 'कंपनी प्रोफ़ाइल',
      body: 'Trade Lite कई देशों के ग्राहकों के लिए 24 भाषाओं में डिजिटल मुद्रा ट्रेडिंग प्लेटफ़ॉर्म चलाता है।\n\nहर जमा और निकासी की समीक्षा हमारी टीम करती है, और आपके बैलेंस का हर बदलाव वॉलेट विवरण में दर्ज होता है।',
    },
  },
};

const ar: LanguageTexts = {
  notices: [
    { title: 'مكافأة الترحيب: حتى 100%، بحد أقصى 5 BTC', content: 'يحصل إيداعك الأول على مكافأة تصل إلى 100% من المبلغ، بحد أقصى 5 BTC. تُضاف المكافأة بعد الموافقة على الإيداع.' },
    { title: 'رافعة مالية حتى 2000x على BTC', content: 'تتيح عقود BTC الآن رافعة مالية تصل إلى 2000x. الرافعة الأعلى تعني مخاطرة أعلى: تداول بحذر.' },
    { title: 'حافظ على أمان حسابك', content: 'عيّن كلمة مرور الأموال قبل أول عملية سحب، ولا تشارك رموز التحقق مع أي شخص أبدًا.' },
  ],
  marquee: [
    'مكافأة ترحيب تصل إلى 100% على إيداعك الأول، بحد أقصى 5 BTC.',
    'تداول BTC برافعة مالية تصل إلى 2000x.',
    'تراجع المنصة كل إيداع وسحب، وتسجّل تفاصيل محفظتك كل تغيير.',
  ],
  banners: ['مكافأة ترحيب حتى 100%', 'رافعة BTC حتى 2000x', 'فائدة يومية مع الادخار'],
  pages: {
    about: {
      title: 'من نحن',
      body: 'Trade Lite تطبيق تداول خفيف مصمم للهواتف والشبكات البطيئة: الأسعار والعقود قصيرة الأجل والمنتجات المالية ورصيد ادخار بفائدة يومية في مكان واحد.\n\nلديك أسئلة؟ راسل خدمة العملاء من مركز المستخدم؛ نرد كل يوم.',
    },
    statement: {
      title: 'بيان',
      body: 'تنطوي العقود والمنتجات المالية والادخار على مخاطر: تتحرك الأسعار وقد تخسر المبلغ الذي تستثمره. الدخل السابق لا يضمن الدخل المستقبلي.\n\nلا تستخدم إلا مالًا يمكنك تحمّل خسارته، واحتفظ بكلمات المرور ورموز التحقق لنفسك، وراجع كل إيداع وسحب في تفاصيل محفظتك.',
    },
    introduction: {
      title: 'نبذة عن الشركة',
      body: 'تدير Trade Lite منصة لتداول العملات الرقمية لعملاء في دول كثيرة، بـ 24 لغة.\n\nيراجع فريقنا كل إيداع وسحب، ويُسجَّل كل تغيير في رصيدك في تفاصيل محفظتك.',
    },
  },
};

const az: LanguageTexts = {
  notices: [
    { title: 'Xoş gəldin bonusu: 100%-ə qədər, maksimum 5 BTC', content: 'İlk depozitiniz məbləğin 100%-nə qədər, maksimum 5 BTC bonus qazanır. Bonus depozit təsdiqləndikdən sonra hesablanır.' },
    { title: 'BTC-də 2000x-ə qədər leveraj', content: 'BTC müqavilələri artıq 2000x-ə qədər leveraj təklif edir. Daha yüksək leveraj daha yüksək risk deməkdir: ehtiyatla ticarət edin.' },
    { title: 'Hesabınızı təhlükəsiz saxlayın', content: 'İlk çıxarışdan əvvəl vəsait şifrəsi təyin edin və təsdiq kodlarını heç vaxt heç kimlə paylaşmayın.' },
  ],
  marquee: [
    'İlk depozitinizə 100%-ə qədər xoş gəldin bonusu, maksimum 5 BTC.',
    'BTC ilə 2000x-ə qədər leverajla ticarət edin.',
    'Hər depozit və çıxarış platforma tərəfindən yoxlanılır; pul kisəsi təfərrüatlarınız hər dəyişikliyi qeyd edir.',
  ],
  banners: ['100%-ə qədər xoş gəldin bonusu', 'BTC leverajı 2000x-ə qədər', 'Yığım ilə gündəlik faiz'],
  pages: {
    about: {
      title: 'Haqqımızda',
      body: 'Trade Lite telefonlar və yavaş şəbəkələr üçün hazırlanmış yüngül ticarət tətbiqidir: qiymətlər, qısamüddətli müqavilələr, maliyyə məhsulları və gündəlik faizli əmanət balansı bir yerdə.\n\nSualınız var? İstifadəçi mərkəzindən müştəri xidmətinə yazın; hər gün cavab veririk.',
    },
    statement: {
      title: 'Bəyanat',
      body: 'Müqavilələr, maliyyə məhsulları və əmanətlər risk daşıyır: qiymətlər dəyişir və yatırdığınız məbləği itirə bilərsiniz. Keçmiş gəlir gələcək gəliri təmin etmir.\n\nYalnız itirə biləcəyiniz puldan istifadə edin, şifrələrinizi və təsdiq kodlarınızı özünüzdə saxlayın və hər depozit və çıxarışı pul kisəsi təfərrüatlarında yoxlayın.',
    },
    introduction: {
      title: 'Şirkət profili',
      body: 'Trade Lite bir çox ölkədəki müştərilər üçün 24 dildə rəqəmsal valyuta ticarəti platforması idarə edir.\n\nHər depozit və çıxarış komandamız tərəfindən yoxlanılır və balansınızdakı hər dəyişiklik pul kisəsi təfərrüatlarında qeyd olunur.',
    },
  },
};

const ro: LanguageTexts = {
  notices: [
    { title: 'Bonus de bun venit: până la 100%, maximum 5 BTC', content: 'Primul tău depozit primește un bonus de până la 100% din sumă, plafonat la 5 BTC. Bonusul se acordă după aprobarea depozitului.' },
    { title: 'Efect de levier de până la 2000x pe BTC', content: 'Contractele BTC oferă acum un efect de levier de până la 2000x. Un levier mai mare înseamnă un risc mai mare: tranzacționează cu grijă.' },
    { title: 'Păstrează-ți contul în siguranță', content: 'Setează o parolă pentru fonduri înainte de prima retragere și nu împărtăși niciodată codurile de verificare cu nimeni.' },
  ],
  marquee: [
    'Bonus de bun venit de până la 100% la primul depozit, maximum 5 BTC.',
    'Tranzacționează BTC cu efect de levier de până la 2000x.',
    'Fiecare depunere și retragere este verificată de platformă; detaliile portofelului înregistrează fiecare modificare.',
  ],
  banners: ['Bonus de bun venit de până la 100%', 'Levier BTC de până la 2000x', 'Dobândă zilnică cu Economii'],
  pages: {
    about: {
      title: 'Despre noi',
      body: 'Trade Lite este o aplicație de tranzacționare ușoară, făcută pentru telefoane și rețele lente: cotații, contracte pe termen scurt, produse financiare și un sold de economii cu dobândă zilnică, într-un singur loc.\n\nAi întrebări? Scrie serviciului clienți din centrul utilizatorului; răspundem în fiecare zi.',
    },
    statement: {
      title: 'Declarație',
      body: 'Contractele, produsele financiare și economiile implică riscuri: prețurile se schimbă și poți pierde suma investită. Veniturile din trecut nu garantează venituri viitoare.\n\nFolosește doar bani pe care îți permiți să îi pierzi, păstrează pentru tine parolele și codurile de verificare și verifică fiecare depunere și retragere în detaliile portofelului.',
    },
    introduction: {
      title: 'Profilul companiei',
      body: 'Trade Lite operează o platformă de tranzacționare a monedelor digitale pentru clienți din multe țări, în 24 de limbi.\n\nFiecare depunere și retragere este verificată de echipa noastră, iar fiecare modificare a soldului este înregistrată în detaliile portofelului.',
    },
  },
};

const zhCN: LanguageTexts = {
  notices: [
    { title: '新人奖励：最高 100%，上限 5 BTC', content: '首次充值可获得最高为充值金额 100% 的奖励，上限 5 BTC。奖励在充值审核通过后发放。' },
    { title: 'BTC 杠杆最高 2000 倍', content: 'BTC 合约现已支持最高 2000 倍杠杆。杠杆越高，风险越大，请谨慎交易。' },
    { title: '保护好您的账户', content: '请在首次提现前设置资金密码，切勿向任何人透露验证码。' },
  ],
  marquee: ['首次充值最高可获 100% 新人奖励，上限 5 BTC。', '以最高 2000 倍杠杆交易 BTC。', '每笔充值和提现均由平台审核，钱包明细记录每一笔变动。'],
  banners: ['新人奖励最高 100%', 'BTC 杠杆最高 2000 倍', '储蓄每日计息'],
  pages: {
    about: {
      title: '关于我们',
      body: 'Trade Lite 是一款为手机和慢速网络打造的轻量交易应用：行情、短期合约、理财产品和按日计息的储蓄，尽在一处。\n\n有疑问？请在用户中心联系在线客服，我们每天都会回复。',
    },
    statement: {
      title: '声明',
      body: '合约、理财产品和储蓄均有风险：价格会波动，您可能损失投入的本金。过往收益不代表未来收益。\n\n请只使用您能够承受损失的资金，妥善保管密码和验证码，并在钱包明细中核对每一笔充值和提现。',
    },
    introduction: {
      title: '公司简介',
      body: 'Trade Lite 以 24 种语言为多个国家的客户运营数字货币交易平台。\n\n每笔充值和提现均由我们的团队审核，您余额的每一次变动都会记录在钱包明细中。',
    },
  },
};

const zhTW: LanguageTexts = {
  notices: [
    { title: '新手獎勵：最高 100%，上限 5 BTC', content: '首次儲值可獲得最高為儲值金額 100% 的獎勵，上限 5 BTC。獎勵於儲值審核通過後發放。' },
    { title: 'BTC 槓桿最高 2000 倍', content: 'BTC 合約現已支援最高 2000 倍槓桿。槓桿越高，風險越大，請謹慎交易。' },
    { title: '保護好您的帳戶', content: '請在首次提領前設定資金密碼，切勿向任何人透露驗證碼。' },
  ],
  marquee: ['首次儲值最高可獲 100% 新手獎勵，上限 5 BTC。', '以最高 2000 倍槓桿交易 BTC。', '每筆儲值和提領皆由平台審核，錢包明細記錄每一筆變動。'],
  banners: ['新手獎勵最高 100%', 'BTC 槓桿最高 2000 倍', '儲蓄每日計息'],
  pages: {
    about: {
      title: '關於我們',
      body: 'Trade Lite 是一款為手機和慢速網路打造的輕量交易應用：行情、短期合約、理財產品和按日計息的儲蓄，盡在一處。\n\n有疑問？請在用戶中心聯絡線上客服，我們每天都會回覆。',
    },
    statement: {
      title: '聲明',
      body: '合約、理財產品和儲蓄皆有風險：價格會波動，您可能損失投入的本金。過往收益不代表未來收益。\n\n請只使用您能夠承受損失的資金，妥善保管密碼和驗證碼，並在錢包明細中核對每一筆儲值和提領。',
    },
    introduction: {
      title: '公司簡介',
      body: 'Trade Lite 以 24 種語言為多個國家的客戶營運數位貨幣交易平台。\n\n每筆儲值和提領皆由我們的團隊審核，您餘額的每一次變動都會記錄在錢包明細中。',
    },
  },
};

/** Australian English reads the English originals; the regional Spanish and Portuguese share their language's text. */
const enAU: LanguageTexts = {
  notices: NOTICES.map((n) => ({ title: n.title, content: n.content })),
  marquee: [...MARQUEE],
  banners: BANNERS.map((b) => b.title),
  pages: PAGES_EN,
};

/** Every language of the app but `en` (whose texts are the originals). */
export const TRANSLATIONS: Record<string, LanguageTexts> = {
  it, th, ja, ko, vi, es, ru, ms, id, de, fr, nl, 'en-au': enAU, 'pt-BR': ptBR, hi, 'es-mx': es, 'es-pe': es, ar, az, pt, ro, 'zh-CN': zhCN, 'zh-TW': zhTW,
};
