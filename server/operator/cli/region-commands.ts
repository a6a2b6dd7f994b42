/**
 * `regions`: the banks and deposit channels with the region and currency that put them first for
 * the users of a region (docs/rules.md#bank-regions), and `region` to set them.
 */
import type { RegionRow } from '../../../src/shared/contract/console.ts';
import { type Command, misuse } from './command.ts';
import { record, table } from './table.ts';

const USAGE = 'region bank <code> [--region CC|XX] [--currency CUR|none] | region channel <id> --region CC|XX';

const regions: Command = {
  name: 'regions',
  usage: 'regions',
  summary: 'banks and deposit channels with their region (XX: none) and currency',
  async run({ args, api }) {
    if (args.length) throw misuse(this.usage);
    const rows = await api.get<RegionRow[]>('/regions');
    return table(['kind', 'id', 'name', 'region', 'currency'], rows.map((r) => [r.kind, r.id, r.name, r.region, r.currency ?? '-']));
  },
};

const region: Command = {
  name: 'region',
  usage: USAGE,
  summary: "set a bank's region and currency, or a deposit channel's region: its users see it first",
  options: ['region', 'currency'],
  async run({ args, options, api }) {
    const [kind, id] = args;
    if (args.length !== 2 || !id) throw misuse(USAGE);
    let r: RegionRow;
    if (kind === 'bank') {
      if (options.region === undefined && options.currency === undefined) throw misuse(USAGE, 'give --region, --currency or both');
      const currency = options.currency === undefined ? undefined : options.currency.toLowerCase() === 'none' ? null : options.currency;
      r = await api.put<RegionRow>('/bank-region', { bank: id, region: options.region, currency });
    } else if (kind === 'channel') {
      if (!/^\d+$/.test(id)) throw misuse(USAGE, 'a channel id is a whole number; regions lists them');
      if (options.region === undefined || options.currency !== undefined) throw misuse(USAGE, "a channel takes --region only (its currency is what users pay in)");
      r = await api.put<RegionRow>('/channel-region', { channel: Number(id), region: options.region });
    } else throw misuse(USAGE);
    return record([[r.kind, r.id], ['name', r.name], ['region', r.region], ['currency', r.currency ?? '-']]);
  },
};

export const REGION_COMMANDS: Command[] = [regions, region];
