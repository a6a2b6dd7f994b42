/** Input schemas shared by the finance, savings, message and content routes: every number bounded. */
import { Type } from '@sinclair/typebox';

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'must be a whole number from 1 to 2147483647' });

export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, maximum: 100000, default: 1, 'x-error': 'must be a whole number from 1 to 100000' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10, 'x-error': 'must be a whole number from 1 to 50' }),
};

/** Text an operator or a user writes: no NUL or other control characters but tab and newlines. */
export const PlainText = (maxLength: number, minLength = 1) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$', 'x-error': 'must be plain text' });

export const LangQuery = Type.Optional(Type.String({ maxLength: 35, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$', 'x-error': 'must be a language code such as en or pt-BR' }));
