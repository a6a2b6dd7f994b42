/** Market endpoints of docs/rules.md#market-data: the home ticker list and the candle history, served from memory. */
import { type Static, Type } from '@sinclair/typebox';
import type {} from '@fastify/swagger';
import type { KlinePeriod } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { AppError, ok } from '../http/envelope.ts';
import { answer, Int, Text } from '../http/schemas.ts';
import { marketOf } from './context.ts';
import { EncodedJson } from './encode.ts';
import { Lru } from './lru.ts';
import { KLINE_PERIODS, MAX_CANDLES } from './source.ts';

const Price = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });

const TickerSchema = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  price: Price,
  open: Price,
  change: Type.String({ description: '24 h change in percent, signed' }),
  high: Price,
  low: Price,
  volume: Price,
  age: Type.Optional(Type.Integer({ minimum: 1, description: 'seconds since the newest price, sent only when it is older than the feed\'s bound (stale)' })),
  halted: Type.Optional(Type.Literal(true, { description: 'sent only while the feed\'s prices failed the price checks: new orders are refused (`market.halted`)' })),
}, { title: 'Ticker' });

const CandleSchema = Type.Object({
  time: Type.Integer({ description: 'open time, epoch ms' }),
  open: Price,
  high: Price,
  low: Price,
  close: Price,
  volume: Price,
}, { title: 'Candle' });

/** `since` is a time the market could have: from 2000-01-01 to the last millisecond of 9999. */
const SINCE_MIN = Date.UTC(2000, 0, 1);
const SINCE_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const KlineQuery = Type.Object({
  symbol: Text(16, { minLength: 1, example: 'btc' }),
  period: Type.Unsafe<KlinePeriod>({
    type: 'string',
    enum: [...KLINE_PERIODS],
    default: '1min',
    'x-error': `must be one of ${KLINE_PERIODS.join(', ')}`,
  }),
  size: Int(1, MAX_CANDLES, { default: MAX_CANDLES }),
  since: Type.Optional(
    Int(SINCE_MIN, SINCE_MAX, {
      description: 'only candles opening at or after this epoch ms',
      'x-error': 'must be a time in epoch milliseconds from 2000 to 9999',
    }),
  ),
});


/** Distinct candle queries answered within one second: charts × periods × (history, since). */
const CANDLE_ANSWERS = 512;

export const marketRoutes: FeaturePlugin = async (app, { ctx }) => {
  let tickers: { second: number; answer: EncodedJson } | null = null;
  // Every chart's pollers ask alike within a second (its history, or since its forming candle),
  // so each answer is built and compressed once per second, as the ticker list is.
  const candleAnswers = new Lru<string, { second: number; answer: EncodedJson }>(CANDLE_ANSWERS);
  // A line per poll would be most of the log (1,000 users: 400 a second); errors are still logged.
  const logLevel = ['debug', 'trace'].includes(app.log.level) ? undefined : 'warn';

  app.get(
    '/h5/symbol/getHomeTickerList',
    {
      // The same list for everyone within a second: a cache in front answers the pollers (docs/deployment.md).
      config: { shared: true },
      ...(logLevel ? { logLevel } : {}),
      schema: { tags: ['market'], summary: 'Every ticker with last price and 24 h figures', response: answer(Type.Array(TickerSchema)) },
    },
    async (req, reply) => {
      const second = Math.floor(ctx.clock.now() / 1000);
      if (tickers?.second !== second) tickers = { second, answer: new EncodedJson(JSON.stringify(ok(marketOf(ctx).tickers())), 11) };
      return tickers.answer.send(req, reply);
    },
  );

  app.get<{ Querystring: Static<typeof KlineQuery> }>(
    '/h5/symbol/getHistoryKline',
    {
      config: { auth: true },
      ...(logLevel ? { logLevel } : {}),
      schema: {
        'x-errors': ['market.symbol'],
        tags: ['market'],
        summary: 'Candles newest first; the first one is still forming',
        querystring: KlineQuery,
        response: answer(Type.Array(CandleSchema)),
      },
    },
    async (req, reply) => {
      const { period, size, since } = req.query;
      const symbol = req.query.symbol.toLowerCase();
      const market = marketOf(ctx);
      if (!market.has(symbol)) throw new AppError(400, 'market.symbol', `Unknown symbol: ${symbol}`, { symbol });
      const second = Math.floor(ctx.clock.now() / 1000);
      const key = `${symbol} ${period} ${size} ${since ?? ''}`;
      let cached = candleAnswers.get(key);
      if (cached?.second !== second) {
        cached = { second, answer: new EncodedJson(JSON.stringify(ok(await market.candles(symbol, period, size, since)))) };
        candleAnswers.set(key, cached);
      }
      return cached.answer.send(req, reply);
    },
  );
};
