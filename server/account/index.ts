/** Finance, savings, user centre, messages and pages (issue 11): one plugin for app.ts to register. */
import type { FeaturePlugin } from '../context.ts';
import { pageRoutes } from '../content/pages.ts';
import { financeRoutes } from '../finance/routes.ts';
import { messageRoutes } from '../messages/routes.ts';
import { savingsRoutes } from '../savings/routes.ts';
import { accountRoutes } from './routes.ts';

export const accountFeature: FeaturePlugin = async (app, opts) => {
  await app.register(financeRoutes, opts);
  await app.register(savingsRoutes, opts);
  await app.register(accountRoutes, opts);
  await app.register(messageRoutes, opts);
  await app.register(pageRoutes, opts);
};
