/** Words of the hold on new payout methods, for the user page, the withdrawal review and the proposals. */
import { pageWords } from './i18n.ts';

export const holdWords = pageWords({
  en: {
    heldUntil: 'On hold until {{time}}: bound or changed recently',
    heldMethods: 'Payment methods on hold',
    lift: 'Lift the hold',
    methodHold: 'Lifting a payout hold',
  },
  'pt-BR': {
    heldUntil: 'Bloqueado até {{time}}: vinculado ou alterado há pouco',
    heldMethods: 'Formas de pagamento bloqueadas',
    lift: 'Liberar o bloqueio',
    methodHold: 'Liberação de bloqueio de pagamento',
  },
  ar: {
    heldUntil: 'موقوفة حتى {{time}}: رُبطت أو غُيّرت مؤخرًا',
    heldMethods: 'طرق دفع موقوفة',
    lift: 'رفع الإيقاف',
    methodHold: 'رفع إيقاف طريقة دفع',
  },
});

/** "On hold until …" with the time in the operator's own format. */
export const heldText = (time: string) => holdWords('heldUntil').replace('{{time}}', time);
