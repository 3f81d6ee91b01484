import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { BanksService } from './services/banks.service.js';
import { CategoriesService } from './services/categories.service.js';
import { CategoryGroupsService } from './services/category-groups.service.js';
import { RulesService } from './services/rules.service.js';
import { ReportsService } from './services/reports.service.js';
import { InboxService } from './services/inbox.service.js';
import { LedgerService } from './services/ledger.service.js';
import { ledgerHandlers } from './http/routes/ledger.routes.js';
import { inboxHandlers } from './http/routes/inbox.routes.js';
import { ruleCategoryResolver } from './services/rule-resolver.js';
import { TransactionsService } from './services/transactions.service.js';
import type { Store } from './store/store.js';
import { contractOperations, loadContract } from './http/contract.js';
import { registerDocs } from './http/docs.js';
import { registerWebApp } from './http/web-app.js';
import { frameworkErrorHandler } from './http/framework-errors.js';
import { registerStrictJsonParser } from './http/json-body.js';
import { registerNotFoundHandler } from './http/method-not-allowed.js';
import { registerNodeAnswers } from './http/node-answers.js';
import { registerErrorHandler } from './http/problems.js';
import { parseQueryString } from './http/query-string.js';
import { registerOperations } from './http/register-operations.js';
import { catalogueHandlers } from './http/routes/catalogue.routes.js';
import { accountHandlers } from './http/routes/accounts.routes.js';
import { AccountsService } from './services/accounts.service.js';
import { transferHandlers } from './http/routes/transfers.routes.js';
import { TransfersService } from './services/transfers.service.js';
import { catalogueManagementHandlers } from './http/routes/catalogue-management.routes.js';
import { correctionHandlers } from './http/routes/corrections.routes.js';
import { ChangesService } from './services/changes.service.js';
import { CorrectionsService } from './services/corrections.service.js';
import { TrashPurger } from './services/trash-purger.js';
import { UndoService } from './services/undo.service.js';
import { healthHandlers } from './http/routes/health.routes.js';
import { managementHandlers } from './http/routes/management.routes.js';
import { reportHandlers } from './http/routes/reports.routes.js';
import { ruleHandlers } from './http/routes/rules.routes.js';
import { splitHandlers } from './http/routes/splits.routes.js';
import { SplitsService } from './services/splits.service.js';
import { transactionHandlers } from './http/routes/transactions.routes.js';
import { createAjv } from './http/schema-validator.js';
import { registerSecurity, resolvedLimits, securityServerOptions, type SecurityOptions } from './http/security/index.js';
import { DemoDataService } from './services/demo-data.service.js';
import { projectFile } from './project-root.js';
import { IdempotencyKeys } from './services/idempotency.service.js';
import { ImportService } from './services/import.service.js';
import { ImportHistoryService } from './services/import-history.service.js';
import { ImportJobsService } from './services/import-jobs.service.js';
import { importHandlers } from './http/routes/imports.routes.js';
import { tokenHandlers } from './http/routes/tokens.routes.js';
import { TokensService } from './services/tokens.service.js';
import { BackupService } from './services/backup.service.js';
import { DEFAULT_IMPORT_LIMIT, registerFileBodyParser } from './http/statement-body.js';
import { DEFAULT_IMPORT_ANSWER_MS } from './config/limits.js';

export interface AppOptions {
  store: Store;
  logger: FastifyBaseLogger;
  /** One log line per request (method, path, status, time). */
  accessLog?: boolean;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** Largest statement createImport accepts, in bytes (DEFAULT_IMPORT_LIMIT). */
  importLimit?: number;
  /** How long createImport waits for its report before answering 202 with a job (DEFAULT_IMPORT_ANSWER_MS; at most half the idle limit). */
  importAnswerMs?: number;
  /** Tokens, Host allowlist, CORS and resource limits (see http/security/). */
  security?: SecurityOptions;
  /** Milliseconds since the epoch; tests move it to expire idempotency keys, the cached token list and trash. */
  now?: () => number;
  /** Deleted transactions are purged from the trash after this many days; undefined: never (tests). */
  trashRetentionDays?: number;
  /** Before-images for undo by change are purged after this many days; undefined: trashRetentionDays. */
  undoRetentionDays?: number;
  /** The built web app (Vite's output), served at /app/; dist/web of the project by default. */
  webRoot?: string;
}

const MAX_PARAM_LENGTH = 2048;

/**
 * Builds the HTTP app around a store: the one place where services, routes and security are
 * wired, the same for `moneta serve` (server.ts) and for tests. Never listens: server.ts and
 * tests decide that.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const document = loadContract();
  const app = Fastify({
    loggerInstance: options.logger,
    // Fastify's two lines per request are replaced by the one access-log line below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    routerOptions: {
      querystringParser: parseQueryString,
      // Long ids must reach validation (and a 400 naming the field), not the router's 414.
      maxParamLength: MAX_PARAM_LENGTH,
    },
    // Bad percent-encoding or an over-long segment in the path: the contract's 400, not Fastify's body.
    frameworkErrors: frameworkErrorHandler(Object.keys(document.paths), MAX_PARAM_LENGTH),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...securityServerOptions(options.security),
  });
  const ajv = createAjv();
  const transactions = new TransactionsService(options.store, ruleCategoryResolver(options.store));
  const banks = new BanksService(options.store, options.now);
  const categories = new CategoriesService(options.store);
  const corrections = new CorrectionsService(options.store, options.now);
  const limits = resolvedLimits(options.security);
  const importJobs = new ImportJobsService(options.store, options.now);
  // An import answered 202 goes on after its request: the store stays open until it has ended.
  app.addHook('onClose', async () => importJobs.idle());
  const undo = new UndoService(options.store, options.now);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (options.accessLog ?? true) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms: Number(reply.elapsedTime.toFixed(2)) },
        'request',
      );
    });
  }
  registerErrorHandler(app);
  registerNodeAnswers(app);
  registerNotFoundHandler(app);
  registerStrictJsonParser(app, options.bodyLimit ?? 64 * 1024);
  registerFileBodyParser(app);
  const authenticator = await registerSecurity(app, options.store, options.security, options.now);
  registerOperations(app, ajv, contractOperations(document), {
    ...transactionHandlers(transactions, new IdempotencyKeys(options.store, options.now)),
    ...catalogueHandlers(banks, categories),
    ...accountHandlers(new AccountsService(options.store, options.now)),
    ...catalogueManagementHandlers(banks, categories, new CategoryGroupsService(options.store)),
    ...correctionHandlers(corrections, new ChangesService(options.store), undo),
    ...healthHandlers(options.store),
    ...managementHandlers(new DemoDataService(options.store)),
    ...reportHandlers(new ReportsService(options.store)),
    ...inboxHandlers(new InboxService(options.store)),
    ...ledgerHandlers(new LedgerService(options.store, options.now)),
    ...transferHandlers(new TransfersService(options.store)),
    ...ruleHandlers(new RulesService(options.store)),
    ...splitHandlers(new SplitsService(options.store, options.now)),
    ...tokenHandlers(new TokensService(options.store), new BackupService(options.store, options.now, { maxDownloads: limits.maxBackupDownloads, timeoutMs: limits.backupTimeoutMs }), () => authenticator.forget()),
    ...importHandlers(new ImportService(options.store), new ImportHistoryService(options.store, options.now), importJobs, {
      limit: options.importLimit ?? DEFAULT_IMPORT_LIMIT,
      stallTimeoutMs: limits.uploadStallTimeoutMs,
      // Under the idle limit, so the 202 is sent before a quiet connection is cut.
      answerMs: Math.min(options.importAnswerMs ?? DEFAULT_IMPORT_ANSWER_MS, Math.floor(limits.connectionTimeoutMs / 2)),
    }),
  });
  await registerDocs(app, document);
  if (options.trashRetentionDays !== undefined) {
    const undoDays = options.undoRetentionDays ?? options.trashRetentionDays;
    // One purge: the trash past its retention, then the before-images past theirs (docs/undo.md).
    const purges = {
      purgeExpired: async (days: number) => {
        const purged = await corrections.purgeExpired(days);
        await undo.purgeExpired(undoDays);
        return purged;
      },
    };
    const purger = new TrashPurger(purges, options.trashRetentionDays, (error) => app.log.warn({ err: error }, 'trash purge failed; retrying later'));
    app.addHook('onReady', async () => purger.start());
    app.addHook('onClose', async () => purger.stop());
  }
  await registerWebApp(app, options.webRoot ?? projectFile('dist/web'));
  return app;
}
