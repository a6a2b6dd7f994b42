/** The logged-in user's own account: info, passwords, phone, VIP, avatar, wallet bills. */
import { Type, type Static } from '@sinclair/typebox';
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { UserInfo, VipInformation, WalletBill } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { uploads, users, vipLevels, walletBills } from '../db/schema/index.ts';
import { uploadInvalid } from '../money/common.ts';
import { UPLOADS_PATH } from '../uploads/routes.ts';
import { STORED_NAME } from '../uploads/storage.ts';
import { AppError, ok } from '../http/envelope.ts';
import { Paging, Text } from '../http/schemas.ts';
import { walletFigures } from '../money/wallet.ts';
import { AVATAR_COUNT, avatarSvg } from './avatar.ts';
import { consumeCode } from './codes.ts';
import { checkFundPasswordTry } from './fund-password.ts';
import { proveSecondFactor } from './second-factor/check.ts';
import { guess, waitAnswers } from './guesses.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkConfirm, checkFundPassword, checkPassword, checkPhone, requireValue } from './rules.ts';
import { revokeAllSessions } from './session.ts';

const ChangePwdBody = Type.Object({
  oldPassword: Text(128),
  newPassword: Text(128),
  confirmPassword: Type.Optional(Text(128)),
});
const ChangeWalletPwdBody = Type.Object({
  oldPassword: Type.Optional(Text(128)),
  newPassword: Text(128),
  confirmPassword: Type.Optional(Text(128)),
  otp: Type.Optional(Text(32)),
});
const SetPhoneBody = Type.Object({
  phone: Text(32),
  area: Type.Optional(Text(8)),
  code: Text(16),
});
const AvatarBody = Type.Object({
  avatar: Text(300, { minLength: 1, pattern: '^/(?!/)[^\\s\\\\]*$', 'x-error': 'must be an image path of this site' }),
});
/** A bill time: from 2000-01-01 to the last millisecond of 9999, in epoch ms. */
const EpochMs = Type.Integer({ minimum: Date.UTC(2000, 0, 1), maximum: Date.UTC(9999, 11, 31, 23, 59, 59, 999), 'x-error': 'must be a time in epoch milliseconds from 2000 to 9999' });
/**
 * The stored upload an avatar path names, whichever path it uses (`/uploads/<name>`, the owner's
 * `/prod-api/common/oss/file/<name>`, percent-encoded, with a query), or null for any other image.
 */
function storedNameIn(avatar: string): string | null {
  let path = avatar.replace(/[?#].*$/s, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Broken percent-encoding names no stored file.
  }
  const name = path.slice(path.lastIndexOf('/') + 1);
  return STORED_NAME.test(name) ? name : null;
}
const AvatarParams = Type.Object({ n: Text(16, { description: 'the number of a default avatar, `.svg` optional', example: '1.svg' }) });
const BillQuery = Type.Object({
  ...Paging,
  bizType: Type.Optional(Text(32)),
  /** Epoch ms, start inclusive, end exclusive. */
  startTime: Type.Optional(EpochMs),
  endTime: Type.Optional(EpochMs),
});

const defaultAvatars = () => Array.from({ length: AVATAR_COUNT }, (_, i) => `/prod-api/common/avatar/${i + 1}.svg`);

const plugin: FeaturePlugin = async (app, { ctx }) => {
  app.get<{ Params: { n: string } }>('/common/avatar/:n', { schema: { params: AvatarParams } }, async (request, reply) => {
    const n = Number(request.params.n.replace(/\.svg$/, ''));
    if (!Number.isInteger(n) || n < 1 || n > AVATAR_COUNT) throw new AppError(404, 'http.notFound', 'Request Address Not Found');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=604800, immutable')
      .send(avatarSvg(n));
  });

  app.get('/h5/user/defaultAvatar', async () => ok(defaultAvatars()));

  app.register(async (auth) => {

    auth.post('/h5/user/getUserInfo', { config: { auth: true } }, async (request) => {
      const [row] = await ctx.db
        .select({ user: users, vipName: vipLevels.name })
        .from(users)
        .leftJoin(vipLevels, eq(vipLevels.level, users.vipLevel))
        .where(eq(users.id, request.userId));
      const u = row!.user;
      const wallet = await walletFigures(ctx.db, u.id);
      const info: UserInfo = {
        userId: u.id,
        username: u.username,
        phone: u.phone,
        email: u.email,
        realName: u.realName,
        inviteCode: u.inviteCode,
        creditScore: u.creditScore,
        vipLevel: u.vipLevel,
        vipName: row!.vipName ?? `VIP${u.vipLevel}`,
        avatar: u.avatar,
        hasFundPassword: u.fundPasswordHash !== null,
        ...wallet,
        ...(u.isOrder === null ? {} : { isOrder: u.isOrder }),
      };
      return ok(info);
    });

    const wrongOldPassword = () => new AppError(400, 'password.wrong', 'Original password is incorrect', { field: 'oldPassword' });

    auth.post<{ Body: Static<typeof ChangePwdBody> }>('/h5/user/changePwd', { config: { auth: true, guesses: ['changePwd'] }, schema: { 'x-errors': ['password.tooShort', 'password.common', 'password.mismatch', 'password.wrong', 'rate.limited'], body: ChangePwdBody } }, async (request) => {
      const { oldPassword, confirmPassword } = request.body;
      requireValue('oldPassword', oldPassword);
      const newPassword = checkPassword(request.body.newPassword, 'newPassword');
      checkConfirm(newPassword, confirmPassword);
      const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, request.userId));
      await guess(ctx, request, [{ rule: 'changePwd', subject: request.userId }], waitAnswers(wrongOldPassword), (ticket) => verifyPassword(ticket, oldPassword, user!.hash));
      const passwordHash = await hashPassword(newPassword);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, request.userId));
        await revokeAllSessions(ctx, tx, request.userId);
      });
      return ok(null, 'Password changed successfully, please log in again');
    });

    auth.post<{ Body: Static<typeof ChangeWalletPwdBody> }>(
      '/h5/user/changeWalletPwd',
      { config: { auth: true, guesses: ['fundPassword', 'secondFactor'], secondFactor: 'fundPassword' }, schema: { 'x-errors': ['fundPassword.tooShort', 'password.common', 'password.mismatch', 'fundPassword.incorrect', 'fundPassword.locked', 'rate.limited'], body: ChangeWalletPwdBody } },
      async (request) => {
        const newPassword = checkFundPassword(request.body.newPassword);
        checkConfirm(newPassword, request.body.confirmPassword);
        const [user] = await ctx.db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, request.userId));
        // The same count and lock as withdrawals: this route must not be a way round them.
        if (user!.hash !== null) await checkFundPasswordTry(ctx, request, request.userId, requireValue('oldPassword', request.body.oldPassword), 'oldPassword');
        // Setting the first one too: it is what a withdrawal asks.
        await proveSecondFactor(ctx, request, request.userId, request.body.otp);
        await ctx.db.update(users).set({ fundPasswordHash: await hashPassword(newPassword) }).where(eq(users.id, request.userId));
        return ok(null, user!.hash === null ? 'Fund password set' : 'Fund password changed');
      },
    );

    auth.post<{ Body: Static<typeof SetPhoneBody> }>('/h5/user/setPhone', { config: { auth: true, guesses: ['code'] }, schema: { 'x-errors': ['phone.invalid', 'phone.taken', 'code.invalid'], body: SetPhoneBody } }, async (request) => {
      const phone = checkPhone(request.body.phone, request.body.area);
      // One account per phone: forgot-password finds the account by it.
      const [other] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, request.userId)));
      if (other) throw new AppError(409, 'phone.taken', 'This phone number is bound to another account', { field: 'phone' });
      await consumeCode(ctx, request, 'sms', phone, request.body.code);
      await ctx.db.update(users).set({ phone }).where(eq(users.id, request.userId));
      return ok(null, 'Phone number linked');
    });

    auth.get('/h5/user/vipInformation', { config: { auth: true } }, async (request) => {
      const [user] = await ctx.db.select({ level: users.vipLevel }).from(users).where(eq(users.id, request.userId));
      const levels = await ctx.db.select().from(vipLevels).orderBy(asc(vipLevels.level));
      return ok<VipInformation>({ current: user!.level, levels });
    });

    auth.post<{ Body: Static<typeof AvatarBody> }>('/h5/user/changeAvatar', { config: { auth: true }, schema: { 'x-errors': ['upload.notYours'], body: AvatarBody } }, async (request) => {
      const stored = storedNameIn(request.body.avatar);
      // A default avatar as listed, or an upload of the caller's named exactly: any other path
      // (another case of a stored name included) is not an image of theirs.
      if (!stored && !defaultAvatars().includes(request.body.avatar)) throw uploadInvalid('avatar');
      await ctx.db.transaction(async (tx) => {
        // An uploaded image becomes public only as its owner's own avatar; anyone else's stays
        // private and cannot be named as an avatar by any of its paths.
        if (stored) {
          const [own] = await tx
            .update(uploads)
            .set({ private: false, attached: true })
            .where(and(eq(uploads.name, stored), eq(uploads.userId, request.userId)))
            .returning({ name: uploads.name });
          if (!own) throw uploadInvalid('avatar');
        }
        await tx.update(users).set({ avatar: stored ? `${UPLOADS_PATH}${stored}` : request.body.avatar }).where(eq(users.id, request.userId));
      });
      return ok(null, 'Profile picture changed');
    });

    auth.get<{ Querystring: Static<typeof BillQuery> }>('/h5/user/walletBill', { config: { auth: true }, schema: { querystring: BillQuery } }, async (request) => {
      const { pageNum = 1, pageSize = 10, bizType, startTime, endTime } = request.query;
      const where = and(
        eq(walletBills.userId, request.userId),
        bizType ? eq(walletBills.bizType, bizType) : undefined,
        startTime !== undefined ? gte(walletBills.createdAt, new Date(startTime)) : undefined,
        endTime !== undefined ? lt(walletBills.createdAt, new Date(endTime)) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        ctx.db.select().from(walletBills).where(where).orderBy(desc(walletBills.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(walletBills).where(where),
      ]);
      const bills: WalletBill[] = rows.map((b) => ({
        id: b.id,
        bizType: b.bizType,
        amount: b.amount,
        balanceAfter: b.balanceAfter,
        frozenDelta: b.frozenDelta,
        remark: b.remark,
        ref: b.ref,
        time: b.createdAt.getTime(),
      }));
      return ok({ rows: bills, total: count!.n });
    });
  });
};

export default plugin;
