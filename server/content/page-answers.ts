/**
 * Response schemas of the page and news routes: the OpenAPI document shows a partner app each
 * answer's shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, page, Time } from '../http/schemas.ts';
import { PAGE_SLUGS } from '../../src/shared/contract.ts';

export const PageAnswer = answer(
  Type.Object({
    slug: Type.Union(PAGE_SLUGS.map((s) => Type.Literal(s))),
    lang: Type.String(),
    title: Type.String(),
    body: Type.String({ description: 'plain text; blank lines separate paragraphs' }),
    updatedAt: Time(),
  }),
);
export const NewsAnswer = answer(
  page(Type.Object({ id: Type.Integer(), lang: Type.String(), title: Type.String(), content: Type.String(), time: Time() })),
);
