import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { loadAccess } from "./features/admin/access.service";
import { adminRoutes } from "./features/admin/admin.routes";
import { adminEventsRoutes } from "./features/admin/events/admin-events.routes";
import { adminPlansRoutes } from "./features/admin/plans/admin-plans.routes";
import { adminMarketplaceRoutes } from "./features/admin/marketplace/admin-marketplace.routes";
import { adminOrdersRoutes } from "./features/admin/marketplace/admin-orders.routes";
import { adminParksRoutes } from "./features/admin/parks/admin-parks.routes";
import { recordsRoutes } from "./features/admin/people/records.routes";
import { staffInvitationRoutes, staffRoutes } from "./features/admin/people/staff.routes";
import { gateLimits, gateRoutes } from "./features/admin/gate/gate.routes";
import { staffBookingsRoutes } from "./features/admin/staff-bookings.routes";
import { healthRoutes } from "./features/health/health.routes";
import { parksRoutes } from "./features/parks/parks.routes";
import { cachedParkFigures } from "./features/parks/parks.service";
import { eventsRoutes } from "./features/events/events.routes";
import { marketplaceRoutes, ordersRoutes } from "./features/marketplace/marketplace.routes";
import { settlementsRoutes } from "./features/settlements/settlements.routes";
import { vehicleDocsRoutes } from "./features/vehicle-docs/vehicle-docs.routes";
import { driverReviewRoutes, parkReviewRoutes } from "./features/reviews/reviews.routes";
import { adminReviewsRoutes } from "./features/admin/reviews/admin-reviews.routes";
import { adminClaimsRoutes } from "./features/admin/claims/admin-claims.routes";
import { claimsRoutes } from "./features/claims/claims.routes";
import { adminBlogRoutes } from "./features/admin/blog/admin-blog.routes";
import { blogRoutes } from "./features/blog/blog.routes";
import { adminPagesRoutes } from "./features/admin/pages/admin-pages.routes";
import { publicPagesRoutes, termsRoutes } from "./features/pages/pages.routes";
import { adminSettingsRoutes } from "./features/admin/settings/admin-settings.routes";
import { adminCommissionRoutes } from "./features/admin/commission/admin-commission.routes";
import { socialLinksRoutes } from "./features/social-links/social-links.routes";
import { referralsRoutes } from "./features/referrals/referrals.routes";
import { adminVehicleDocInsurersRoutes } from "./features/admin/vehicle-docs/admin-vehicle-doc-insurers.routes";
import { adminVehicleDocsRoutes } from "./features/admin/vehicle-docs/admin-vehicle-docs.routes";
import { adminVehicleDocFilesRoutes } from "./features/admin/vehicle-docs/admin-vehicle-docs-files.routes";
import { vehicleDocFilesRoutes } from "./features/vehicle-docs/vehicle-docs-files.routes";
import { passesRoutes, passWalletPassRoutes, plansRoutes } from "./features/passes/passes.routes";
import { adminCompaniesRoutes } from "./features/admin/companies/admin-companies.routes";
import { adminPayoutsRoutes } from "./features/admin/payouts/admin-payouts.routes";
import { handleTransferEvent } from "./features/payouts/payouts.service";
import { receiptsRoutes } from "./features/receipts/receipts.routes";
import { companyTopUps } from "./features/companies/company-wallet.service";
import { companyWalletRoutes } from "./features/companies/company-wallet.routes";
import { companyPolicyRoutes } from "./features/companies/company-policy.routes";
import { companyDashboardRoutes } from "./features/companies/company-dashboard.routes";
import { companiesRoutes } from "./features/companies/companies.routes";
import { companyInvitationRoutes } from "./features/companies/company-invitations.routes";
import { inquiryRoutes } from "./features/inquiries/inquiries.routes";
import { bookingsRoutes, bookingLinkRoutes, qrSecret } from "./features/bookings/bookings.routes";
import { walletPassesOf } from "./lib/wallet-pass/wallet-pass";
import { pushSenderOf } from "./lib/web-push";
import { composePush } from "./jobs/push-job";
import { pushRoutes } from "./features/push/push.routes";
import { guaranteeRoutes } from "./features/guarantee/guarantee.routes";
import { openEventLine, type EventLine } from "./features/bookings/event-line";
import { holdRoutes } from "./features/bookings/hold.routes";
import { heldCheckouts } from "./features/bookings/hold.service";
import { orderCheckout } from "./features/marketplace/orders.service";
import { passCheckout } from "./features/passes/passes.service";
import { vehicleDocsCheckout } from "./features/vehicle-docs/vehicle-docs-purchase.service";
import { purchaseCheckoutRoutes } from "./features/purchases/purchase-checkouts.routes";
import { paidPurchases, type CheckoutKinds } from "./features/purchases/purchase-checkouts.service";
import { referenceRoutes } from "./features/reference/reference.routes";
import { seoRoutes } from "./features/seo/seo.routes";
import { webAppRoutes } from "./features/web-app/web-app.routes";
import { servedCountries } from "./features/reference/served-countries";
import { accountsRoutes } from "./features/accounts/accounts.routes";
import { firebaseVerifier } from "./features/accounts/firebase";
import { passwordRoutes } from "./features/accounts/password.routes";
import { accountLimits } from "./features/accounts/throttles";
import { profileRoutes } from "./features/accounts/profile.routes";
import { resolveToken } from "./features/sessions/sessions.service";
import { vehiclesRoutes } from "./features/vehicles/vehicles.routes";
import { createDrain, type Drain } from "./lib/drain";
import { createMailer, type Mailer } from "./lib/mailer";
import { JOBS, MAILS, PUSHES } from "./feature-jobs";
import { composeMail } from "./jobs/mail-job";
import { createJobs, type Jobs } from "./jobs/queue";
import { registerThrottle } from "./plugins/throttle";
import { createPayments, type Payments } from "./features/payments/registry";
import { paymentIntentRoutes, topUpRoutes } from "./features/payments/top-up.routes";
import { topUpProviderOf } from "./features/payments/top-up.service";
import { webhookRoutes } from "./features/payments/webhooks.routes";
import { expireUnfinishedPayments } from "./features/payments/expire.service";
import { runAutoReloads } from "./features/payments/auto-reload.service";
import { savedCardsRoutes } from "./features/payments/saved-cards.routes";
import { walletRoutes } from "./features/wallet/wallet.routes";
import type { AuthUser } from "./lib/auth-user";
import { systemClock, type Clock } from "./lib/clock";
import { registerAdminAccess } from "./plugins/admin-access";
import { adminReportsRoutes } from "./features/admin/reports/reports.routes";
import { registerAuth } from "./plugins/auth";
import { registerErrorHandler, sendError } from "./plugins/errors";
import { registerMessages } from "./plugins/messages";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurity, securityHeaders, webAppScriptHashes } from "./plugins/security";
import { registerReadYourWrites } from "./plugins/read-your-writes";
import { registerSpa } from "./plugins/spa";
import { invalidateOnWrites } from "./plugins/page-cache";
import { privateFileStorageOf, privateFilesRoutes } from "./plugins/private-files";
import { fileStorageOf, registerUploads } from "./plugins/uploads";
import { registerJsonBodyParser, validator } from "./plugins/validation";
import { VERSION } from "./version";

export interface AppDeps {
  database: Database;
  config: Config;
  /** The time every rule reads; tests pass their own. */
  clock?: Clock;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else .eml files in DATA_DIR/mail. */
  mailer?: Mailer;
  /** The job queue; by default pg-boss on `database` (jobs/queue.ts). server.ts starts its workers. */
  jobs?: Jobs;
  /** Pino options or a logger; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** Payment provider adapters; by default built from config (tests point them at local fakes). */
  payments?: Payments;
  /** Test-only switches of the bookings feature (the race tests' negative control). */
  /** eventLine: the on-sale's line to use (a test's own); none: opened from the config. */
  bookings?: { unsafeSkipCapacityLock?: boolean; eventLine?: EventLine };
  /** Test-only switches of the marketplace's orders (the stock race test's negative control). */
  orders?: { unsafeReadThenWriteStock?: boolean };
  /** Set by server.ts's shutdown: /api/health answers "draining" (lib/drain.ts). */
  drain?: Drain;
  /** Test-only: the sitemap's pages per file and rows per keyset read, lowered to check several files. */
  sitemap?: { pagesPerFile?: number; batch?: number };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's job queue: server.ts starts and stops its workers; tests run due jobs with it. */
    jobs: Jobs;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the whole HTTP application from its parts. It never listens: server.ts and tests decide. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config } = deps;
  const clock = deps.clock ?? systemClock;
  const headers = securityHeaders(config, webAppScriptHashes(config.WEB_DIST_DIR));
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // A path parameter may be as long as the longest the contract allows (a blog post's slug, 120
    // characters; Fastify's default is 100); longer is the router's 414.
    maxParamLength: 128,
    // Keep a caller's request id when it is sane, so logs can be joined across services.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // What the router refuses before any hook runs (a bad escape, an over-long parameter) is
    // answered like every other error: the app's shape, the security headers, no echo of the URL.
    frameworkErrors: (err, req, reply) => {
      reply.headers(headers).header("x-request-id", req.id);
      void sendError(req, reply, err);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validator);
  registerJsonBodyParser(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMessages(app);

  await registerSecurity(app, config, headers);
  registerReadYourWrites(app, database.replicas);
  database.replicas?.onChange((replica) => {
    if (replica.inRotation) app.log.info({ replica: replica.name }, "read replica back in rotation");
    else
      app.log.warn(
        { replica: replica.name, reason: replica.reason },
        `read replica out of rotation: ${replica.reason}`,
      );
  });
  await registerOpenApi(app, config, VERSION);

  // Features take what they need explicitly: `auth.required` guards a route or a scope.
  const auth = registerAuth(app, { resolveToken: (token) => resolveToken(database.db, clock, token) });
  // A signed-in user's back-office access: the back office's guard and staff file links read it.
  const staffAccess = { loadAccess: (user: AuthUser) => loadAccess(database.db, user) };
  const limiter = await registerThrottle(app, config.REDIS_URL);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    });
  app.addHook("onClose", async () => mailer.close());
  const jobs = deps.jobs ?? createJobs(database, app.log);
  app.decorate("jobs", jobs);
  // Before the server closes: stop taking jobs and let the running ones finish, while the
  // database and the mailer they use are still open.
  app.addHook("preClose", async () => jobs.stop());
  const verifier = config.FIREBASE_PROJECT_ID
    ? firebaseVerifier(config.FIREBASE_PROJECT_ID, config.FIREBASE_JWKS_URL, clock)
    : null;
  const accounts = { db: database.db, clock, jobs, publicUrl: config.PUBLIC_URL };

  await app.register(
    healthRoutes(database, VERSION, auth, config.HEALTH_DETAILS, deps.drain ?? createDrain()),
    { prefix: "/api" },
  );
  await app.register(referenceRoutes(database.db), { prefix: "/api/v1" });
  const limits = accountLimits(limiter);
  await app.register(accountsRoutes(accounts, config, auth, limits, verifier), { prefix: "/api/v1" });
  await app.register(passwordRoutes(accounts, auth, limits), { prefix: "/api/v1" });
  await app.register(profileRoutes(database.db, clock, auth), { prefix: "/api/v1" });
  await app.register(vehiclesRoutes(database.db, clock, auth), { prefix: "/api/v1" });
  // The served countries (of the root handle, whichever pool a feature queries), loaded now: the
  // payment adapters read currency decimals synchronously.
  const countries = servedCountries(database.db);
  await countries.load();
  // The public browsing reads `database.read`: a read replica when one is in rotation (decision 037).
  // The home page's figures, forgotten with the kept pages when a write changes what pages show
  // (a park created or deactivated): the home page and GET /parks/front/figures count it at once.
  const figures = cachedParkFigures(clock);
  invalidateOnWrites(app, { invalidate: () => figures.clear() });
  await app.register(parksRoutes({ read: database.read, primary: database.db }, clock, countries, figures), {
    prefix: "/api/v1",
  });
  await app.register(parkReviewRoutes(database.read), { prefix: "/api/v1" });
  await app.register(blogRoutes({ db: database.read, clock, publicUrl: config.PUBLIC_URL }), {
    prefix: "/api/v1",
  });
  await app.register(driverReviewRoutes({ db: database.db, clock }, auth, limiter), { prefix: "/api/v1" });
  await app.register(publicPagesRoutes(database.read), { prefix: "/api/v1" });
  await app.register(socialLinksRoutes(database.read, countries), { prefix: "/api/v1" });
  await app.register(termsRoutes(database.db, clock, auth), { prefix: "/api/v1" });
  await app.register(referralsRoutes({ db: database.db, clock }, auth), { prefix: "/api/v1" });
  const payments = deps.payments ?? createPayments(config, (currency) => countries.decimalsOf(currency));
  const orderDeps = { db: database.db, clock, jobs, ...deps.orders };
  // The engine's kinds a top-up of the difference may pay for (decision 026, "Every kind").
  const checkoutKinds: CheckoutKinds = {
    order: orderCheckout(orderDeps),
    pass: passCheckout({ db: database.db, clock, jobs }),
    vehicle_docs: vehicleDocsCheckout({ db: database.db, clock, jobs }),
  };
  // Operators' payouts (issue #65): the providers' transfer APIs, the job and their webhooks' events.
  const payoutDeps = { db: database.db, clock, payments, countries };
  const paymentDeps = {
    db: database.db,
    payments,
    clock,
    countries,
    jobs,
    checkouts: [heldCheckouts, paidPurchases({ db: database.db, clock, kinds: checkoutKinds })],
    companyTopUps,
    payoutEvents: (
      provider: Parameters<typeof handleTransferEvent>[1],
      event: Parameters<typeof handleTransferEvent>[2],
    ) => handleTransferEvent(payoutDeps, provider, event),
  };

  await app.register(
    walletRoutes(database.db, auth, (countryCode) => topUpProviderOf(paymentDeps, config, countryCode)),
    { prefix: "/api/v1" },
  );
  await app.register(topUpRoutes(paymentDeps, config, auth), { prefix: "/api/v1" });
  await app.register(savedCardsRoutes(paymentDeps, config, auth), { prefix: "/api/v1" });
  await app.register(paymentIntentRoutes(paymentDeps, config, auth), { prefix: "/api" });
  await app.register(webhookRoutes(paymentDeps), { prefix: "/api/v1" });
  await app.register(inquiryRoutes({ db: database.db, jobs, inquiriesTo: config.INQUIRIES_TO }, limiter), {
    prefix: "/api/v1",
  });
  const qr = qrSecret(config.QR_SIGNING_SECRET, app.log);
  // Personal documents (decision 032): kept privately, read only through GET /files' signed links.
  const privateFiles = privateFileStorageOf(config, app.log);
  await app.register(privateFilesRoutes({ ...staffAccess, storage: privateFiles, secret: qr, clock }, auth), {
    prefix: "/api/v1",
  });
  // The on-sale's waiting room (decision 051): shared through Redis like the rate limits.
  const eventLine =
    deps.bookings?.eventLine ??
    openEventLine(config.REDIS_URL, app.log, { window: config.EVENT_LINE_WINDOW });
  app.addHook("onClose", () => eventLine.close());
  const wallet = await walletPassesOf(config);
  const bookingDeps = { ...accounts, qrSecret: qr, ...deps.bookings, eventLine, wallet };
  await app.register(bookingsRoutes(bookingDeps, auth), { prefix: "/api/v1" });
  await app.register(bookingLinkRoutes(bookingDeps, auth), { prefix: "/api/v1" });
  await app.register(guaranteeRoutes(bookingDeps, auth), { prefix: "/api/v1" });
  await app.register(holdRoutes(paymentDeps, config, auth, qr), { prefix: "/api/v1" });
  await app.register(purchaseCheckoutRoutes({ ...paymentDeps, kinds: checkoutKinds }, config, auth), {
    prefix: "/api/v1",
  });
  await app.register(eventsRoutes({ db: database.read, clock, qrSecret: qr }, limiter), {
    prefix: "/api/v1",
  });
  await app.register(marketplaceRoutes({ ...orderDeps, read: database.read }, auth), { prefix: "/api/v1" });
  await app.register(ordersRoutes(orderDeps, auth), { prefix: "/api/v1" });
  await app.register(vehicleDocsRoutes({ db: database.db, clock, jobs }, auth), { prefix: "/api/v1" });
  const vehicleDocFiles = { db: database.db, clock, jobs, storage: privateFiles, secret: qr };
  await app.register(vehicleDocFilesRoutes(vehicleDocFiles, auth), { prefix: "/api/v1" });
  // Drivers' claims (decision 057): their photos kept privately as vehicle documents are.
  const claimDeps = { db: database.db, clock, jobs, storage: privateFiles, secret: qr };
  await app.register(claimsRoutes(claimDeps, auth), { prefix: "/api/v1" });
  await app.register(plansRoutes({ db: database.db, clock }, auth), { prefix: "/api/v1" });
  const passDeps = { db: database.db, clock, qrSecret: qr, jobs, wallet };
  await app.register(passesRoutes(passDeps, auth), { prefix: "/api/v1" });
  await app.register(passWalletPassRoutes(passDeps, auth), { prefix: "/api/v1" });
  // Reminders as push notifications to the devices a driver subscribed (decision 066).
  const push = pushSenderOf(config);
  await app.register(pushRoutes({ db: database.db, clock, push }, auth, limiter), { prefix: "/api/v1" });
  await app.register(receiptsRoutes(database.db, auth), { prefix: "/api/v1" });
  // A company's money and dashboard (decision 030): its wallet, spend, bookings, receipts, statements.
  await app.register(companyWalletRoutes(paymentDeps, config, auth), { prefix: "/api/v1" });
  await app.register(companyDashboardRoutes({ db: database.db, clock }, auth), { prefix: "/api/v1" });
  await app.register(companyPolicyRoutes({ db: database.db, clock }, auth), { prefix: "/api/v1" });
  // Companies and their people (decision 030): sign-up, verification, the caller's companies.
  await app.register(companiesRoutes({ db: database.db, clock, jobs }, auth), { prefix: "/api/v1" });
  await app.register(companyInvitationRoutes({ db: database.db, clock, jobs }, auth, limiter), {
    prefix: "/api/v1",
  });
  // What the features' jobs and mails are given (feature-jobs.ts): each registration names what it
  // needs, and this does not compile while one of them is missing.
  const jobDeps = {
    ...bookingDeps,
    mailer,
    countries,
    reminders: {
      beforeStartMinutes: config.REMINDER_BEFORE_START_MINUTES,
      beforeEndMinutes: config.REMINDER_BEFORE_END_MINUTES,
    },
    demoMode: config.DEMO_MODE,
    inquiriesTo: config.INQUIRIES_TO,
    expirePayments: () => expireUnfinishedPayments(paymentDeps, config),
    autoReloads: () => runAutoReloads(paymentDeps, config),
    payments,
    privateFiles,
    payouts: payoutDeps,
  };
  const withMail = {
    ...jobDeps,
    composeMail: composeMail(MAILS.map((mail) => mail.withDeps(jobDeps))),
    push,
    composePush: composePush(PUSHES.map((p) => p.withDeps(jobDeps))),
  };
  jobs.handle(JOBS.map((job) => job.withDeps(withMail)));
  await jobs.ready();

  // The back office (/api/v1/admin/*): every route checks a permission, every service the scope.
  const admin = registerAdminAccess(app, auth, staffAccess);
  await app.register(adminRoutes(database.db, admin), { prefix: "/api/v1" });
  await app.register(staffRoutes(accounts, admin), { prefix: "/api/v1" });
  await app.register(recordsRoutes(accounts, admin), { prefix: "/api/v1" });
  await app.register(adminCompaniesRoutes({ db: database.db, clock }, admin), { prefix: "/api/v1" });
  await app.register(adminPayoutsRoutes({ ...payoutDeps, jobs, publicUrl: config.PUBLIC_URL }, admin), {
    prefix: "/api/v1",
  });
  await app.register(staffInvitationRoutes(accounts, auth, limiter), { prefix: "/api/v1" });
  await app.register(
    gateRoutes({ db: database.db, clock, qrSecret: qr, ...deps.bookings }, admin, gateLimits(limiter)),
    { prefix: "/api/v1" },
  );
  await app.register(staffBookingsRoutes(database.db, admin), { prefix: "/api/v1" });
  await app.register(adminReportsRoutes({ db: database.db, clock, countries }, admin), { prefix: "/api/v1" });
  const storage = fileStorageOf(config);
  await app.register(adminParksRoutes({ db: database.db, clock, storage, jobs }, admin), {
    prefix: "/api/v1",
  });
  await app.register(adminEventsRoutes({ db: database.db, clock, jobs }, admin), { prefix: "/api/v1" });
  await app.register(adminPlansRoutes({ db: database.db, clock }, admin), { prefix: "/api/v1" });
  await app.register(settlementsRoutes({ db: database.db, clock }, admin), { prefix: "/api/v1" });
  await app.register(adminVehicleDocsRoutes({ db: database.db, clock, jobs }, admin), { prefix: "/api/v1" });
  await app.register(adminVehicleDocInsurersRoutes({ db: database.db, clock, jobs }, admin), {
    prefix: "/api/v1",
  });
  await app.register(adminVehicleDocFilesRoutes(vehicleDocFiles, admin), { prefix: "/api/v1" });
  await app.register(adminReviewsRoutes({ db: database.db, clock }, admin), { prefix: "/api/v1" });
  await app.register(adminClaimsRoutes(claimDeps, admin), { prefix: "/api/v1" });
  await app.register(adminBlogRoutes({ db: database.db, clock, storage }, admin), { prefix: "/api/v1" });
  await app.register(adminPagesRoutes({ db: database.db, clock }, admin), { prefix: "/api/v1" });
  await app.register(adminSettingsRoutes({ db: database.db, clock, countries }, admin), {
    prefix: "/api/v1",
  });
  await app.register(adminCommissionRoutes({ db: database.db, clock, countries }, admin), {
    prefix: "/api/v1",
  });
  await app.register(adminMarketplaceRoutes({ db: database.db, clock, storage }, admin), {
    prefix: "/api/v1",
  });
  await app.register(
    adminOrdersRoutes(
      { db: database.db, clock, jobs, publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM },
      admin,
    ),
    { prefix: "/api/v1" },
  );
  await registerUploads(app, config, storage);
  // /robots.txt and the sitemap at the site's root (decision 036), before the web app's fallback.
  await app.register(
    seoRoutes({ db: database.read, clock, publicUrl: config.PUBLIC_URL, sitemap: deps.sitemap }),
  );
  // The installable web app's manifest, at the site's root too (decision 043).
  await app.register(webAppRoutes());

  await registerSpa(app, config.WEB_DIST_DIR, config.PUBLIC_URL, {
    clock,
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
  });
  return app;
}
