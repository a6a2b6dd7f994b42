/** `partner add|list|remove`: the apps whose users sign on with the partner's token (docs/partners.md). */
import { readFileSync } from 'node:fs';
import { OperatorError } from './client.ts';
import { misuse, type Command } from './command.ts';
import type { PartnerSummary } from '../../partners/store.ts';
import { table } from './table.ts';

const USAGE =
  'partner add <id> --secret text | --public-key <PEM file> [--name text] [--origin https://host] [--colors accent=#hex,...] [--logo url] [--hide finance,savings,deposit,withdraw] | partner list | partner remove <id>';

function readKey(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new OperatorError(`cannot read the public key file ${file}: ${(e as Error).message}`);
  }
}

export const partnerCommand: Command = {
  name: 'partner',
  usage: USAGE,
  summary:
    "partners whose users sign on with the partner's token: add with a shared secret (HS256) or a P-256 public key (ES256), the origin that may frame the app, and its brand; remove stops its sign-ons and ends its users' sessions",
  options: ['secret', 'public-key', 'name', 'origin', 'colors', 'logo', 'hide'],
  async run({ args, options, api }) {
    const [action, id] = args;
    if (action === 'list' && args.length === 1) {
      const list = await api.get<PartnerSummary[]>('/partners');
      return table(
        ['id', 'name', 'alg', 'origin', 'colors', 'logo', 'hide', 'users', 'created'],
        list.map((p) => [p.id, p.name, p.alg, p.origin ?? '', p.colors, p.logo ?? '', p.hide, p.users, p.createdAt.slice(0, 16).replace('T', ' ')]),
      );
    }
    if (action === 'remove' && args.length === 2) {
      await api.post(`/partners/${encodeURIComponent(id!)}/remove`, {});
      return `partner ${id} removed: its tokens are refused and its users' sessions ended`;
    }
    if (action === 'add' && args.length === 2) {
      const { secret, name, origin, colors, logo, hide } = options;
      const file = options['public-key'];
      if ((secret === undefined) === (file === undefined)) throw misuse(USAGE, 'give --secret or --public-key, one of them');
      const body = { id, secret, publicKey: file === undefined ? undefined : readKey(file), name, origin, colors, logo, hide };
      const created = await api.post<{ id: string; name: string; alg: string; origin: string | null }>('/partners', JSON.parse(JSON.stringify(body)));
      return `partner ${created.id} (${created.name}) added: tokens signed with ${created.alg}${created.origin ? `, framed by ${created.origin}` : ''}`;
    }
    throw misuse(USAGE);
  },
};
