import { t } from '../../i18n/index.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';

/** After a binding: say so and return to the methods (popping when that is where the user came from). */
export const bound = (): void => {
  notify(t('ok.methodSaved'), { type: 'success' });
  goBack('/paymentMethod');
};
