// The calls of the add-method forms, which only that screen loads (see ../api.ts).
import type { Bank, BindCardRequest, BindCoinAddressRequest, CoinItem, PaymentMethod, PixTypeItem } from '../../shared/contract.ts';
import { get } from '../../api/client.ts';
import { keyed, quiet } from '../api.ts';

export const bankList = () => get<Bank[]>('/h5/expenses/getBankList', undefined, quiet);
export const pixTypes = () => get<PixTypeItem[]>('/h5/expenses/pixType', undefined, quiet);
export const coinList = () => get<CoinItem[]>('/h5/expenses/getCoinList', undefined, quiet);
export const bindCard = (body: BindCardRequest, key: string) => keyed<PaymentMethod>('/h5/expenses/bindCard', body, key);
export const bindCoinAddress = (body: BindCoinAddressRequest, key: string) =>
  keyed<PaymentMethod>('/h5/expenses/bindCoinAddress', body, key);
