/** Image captcha (docs/rules.md#sign-up-and-sign-in): an SVG with distorted glyphs and noise, answer kept server-side 5 min. */
import { randomInt, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { captchas } from '../db/schema/index.ts';
import { AppError, fieldRequired } from '../http/envelope.ts';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TTL_MS = 5 * 60_000;
const W = 120;
const H = 40;

const color = () => `hsl(${randomInt(360)},${50 + randomInt(30)}%,${30 + randomInt(25)}%)`;

export function captchaSvg(code: string): string {
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`];
  parts.push(`<rect width="100%" height="100%" fill="#f3f4f6"/>`);
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${randomInt(W)} ${randomInt(H)} Q${randomInt(W)} ${randomInt(H)} ${randomInt(W)} ${randomInt(H)}" stroke="${color()}" fill="none" stroke-width="${1 + randomInt(2)}"/>`,
    );
  }
  [...code].forEach((ch, i) => {
    const x = 14 + i * 26 + randomInt(6);
    const y = 27 + randomInt(8);
    parts.push(
      `<text x="${x}" y="${y}" font-size="${24 + randomInt(6)}" font-family="monospace" font-weight="bold" fill="${color()}" transform="rotate(${randomInt(50) - 25} ${x} ${y})">${ch}</text>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(`<circle cx="${randomInt(W)}" cy="${randomInt(H)}" r="1" fill="${color()}"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

export async function newCaptcha(ctx: ServerContext): Promise<{ img: string; uuid: string }> {
  const code = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const uuid = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
  await ctx.db.insert(captchas).values({ uuid, code, expiresAt: new Date(now + TTL_MS) });
  return { img: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`, uuid };
}

/** One try per captcha: the answer is deleted whether it matched or not. */
export async function checkCaptcha(ctx: ServerContext, uuid: string | undefined, answer: string | undefined): Promise<void> {
  if (!answer) throw fieldRequired('code');
  if (!uuid) throw fieldRequired('uuid');
  const [row] = await ctx.db.delete(captchas).where(eq(captchas.uuid, uuid)).returning();
  if (!row || row.expiresAt.getTime() < ctx.clock.now() || row.code !== answer.trim().toUpperCase()) {
    throw new AppError(400, 'captcha.invalid', 'Verification code error');
  }
}
