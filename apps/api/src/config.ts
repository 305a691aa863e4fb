import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isValidGstin } from '@kaushal/contract';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

/**
 * The one place that reads process.env. Every variable is validated at start-up; a bad value stops the
 * start with a message naming each offending variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  WEB_ORIGIN: optionalUrl,
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  MEDIA_SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_AUTH_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com/v1'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The seller on GST invoices (decision 024); required in production, development stand-ins otherwise. */
  INVOICE_SUPPLIER_NAME: optionalString,
  INVOICE_SUPPLIER_ADDRESS: optionalString,
  INVOICE_SUPPLIER_GSTIN: optionalString.pipe(
    z.string().refine(isValidGstin, 'must be a valid GSTIN (15 characters with its check character)').optional(),
  ),
  /** Invoice and credit-note number prefixes: 1–4 capital letters or digits (numbers stay within GST's 16 characters). */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits')
    .default('INV'),
  CREDIT_NOTE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits')
    .default('CRN'),
  /** The SAC code of what is sold (999293: commercial training and coaching services). */
  INVOICE_SAC: z
    .string()
    .regex(/^\d{6}$/, 'must be a 6-digit SAC code')
    .default('999293'),
  /** GST rate in percent; prices are GST-inclusive. */
  GST_RATE_PERCENT: z.coerce.number().min(0).max(28).default(18),
  ANALYTICS_ID: optionalString,
  SESSION_RECORDING_ID: optionalString,
  CHAT_WIDGET_ID: optionalString,
  SEED_DEMO: bool.optional(),
  /** Narrated demo lessons made with ffmpeg and espeak-ng in DATA_DIR/demo-media; default: SEED_DEMO's value. */
  DEMO_MEDIA: bool.optional(),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  TRUST_PROXY: optionalString,
  METRICS_TOKEN: optionalString,
  /** The OpenAPI documentation at /api/docs; default on outside production, off in production. */
  API_DOCS: bool.optional(),
  /** How long a client may take to send a request's headers and body (slow clients hold a socket each). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Open connections one client address may hold; 0 = no cap. Default 64, or 0 behind TRUST_PROXY. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** How long public catalogue responses are reused in memory; 0 turns the cache off. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  /** The server's first paint (apps/web dist-ssr); default: dist-ssr beside WEB_DIST_DIR. */
  WEB_FIRST_PAINT_MODULE: optionalString,
  CONTENT_DIR: optionalString,
  /** Outgoing mail: smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; without it, mail stays in /dev/mailbox. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The From of every email, e.g. "Kaushal AI <no-reply@kaushal.ai>". */
  MAIL_FROM: optionalString,
  /** Where staff notifications (new contact messages) go; default: the site's support email. */
  SUPPORT_INBOX: optionalString.pipe(z.email('must be an email address').optional()),
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY_FILE: optionalString,
  /** Comma-separated emails made admin when they sign in (the first admin of a new installation). */
  ADMIN_EMAILS: optionalString,
  /** Whether this process runs background jobs (email delivery, reminders); every process can enqueue. */
  JOBS_WORKER: bool.default(true),
  /** How long one email delivery may take; a try running twice as long counts as lost and is retried. */
  EMAIL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** The first retry's delay after a failed delivery; each further retry waits twice as long. */
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often lost tries (their process died) are looked for. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Transcode lesson videos into an HLS ladder with ffmpeg in the background (decision 034); off: MP4 only. */
  VIDEO_TRANSCODE: bool.default(true),
  /** Raw video events older than this many days are deleted once rolled up (unset: kept for ever). Decision 026. */
  ANALYTICS_RAW_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** Media in an S3-compatible bucket instead of DATA_DIR and content/ (decision 033); unset: the local folder. */
  MEDIA_S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)',
      )
      .optional(),
  ),
  /** The S3-compatible service's URL (Cloudflare R2, MinIO); unset: AWS S3. */
  MEDIA_S3_ENDPOINT: optionalUrl,
  /** The bucket's region ('auto' for R2); default us-east-1. */
  MEDIA_S3_REGION: optionalString,
  MEDIA_S3_ACCESS_KEY_ID: optionalString,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
  /** A CDN in front of the bucket: presigned media links use its URL. */
  MEDIA_CDN_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** Google: the OpenID userinfo URL. GitHub: the API base. */
  profileUrl: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  contentDir: string;
  webDistDir: string;
  /** The built module that draws public pages to HTML; the SPA works without it (no first paint). */
  webFirstPaintModule: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  webOrigin: string;
  sessionSecret: string;
  mediaSigningSecret: string;
  oauth: { google: OAuthProviderConfig | null; github: OAuthProviderConfig | null };
  /**
   * The local sign-in stand-ins run only outside production, when neither Google nor GitHub is configured and
   * PUBLIC_URL is a loopback address; otherwise a provider without credentials is simply not available.
   */
  oauthStandIns: boolean;
  razorpay: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiBase: string;
    checkoutUrl: string;
    /** How long a call to Razorpay's API may take before it counts as down. */
    timeoutMs: number;
  } | null;
  razorpayCheckoutUrl: string;
  analyticsId: string | undefined;
  sessionRecordingId: string | undefined;
  chatWidgetId: string | undefined;
  seedDemo: boolean;
  /**
   * Make the narrated demo lessons (ffmpeg, espeak-ng) in the background and play them in place of the
   * committed stand-in videos; a seed or import also uses the ones already made.
   */
  demoMedia: boolean;
  /** Where the generated demo lessons are kept (DATA_DIR/demo-media), keyed by a hash of what they are made from. */
  demoMediaDir: string;
  /** Media uploaded in the console (DATA_DIR/media): the media store's keys under `uploads/` (decision 020). */
  mediaDir: string;
  /** Video uploads still arriving over tus (DATA_DIR/uploads), deleted a day after they began. */
  uploadsDir: string;
  /** Course thumbnails uploaded in the console (DATA_DIR/thumbnails), served at /thumbnails/ after content's. */
  thumbnailsDir: string;
  /** Null: media in the local folders above; otherwise the bucket that holds all of it (decision 033). */
  mediaS3: MediaS3Config | null;
  redisUrl: string | undefined;
  trustProxy: boolean | string;
  metricsToken: string | undefined;
  /**
   * The bearer token of POST /operator/backup, through which `npm run backup` asks the running server for a
   * snapshot of the embedded database. Generated into DATA_DIR/secrets/backup-token, readable by whoever can
   * read the database folder itself; only with PGlite (never in production, which needs PostgreSQL).
   */
  backupToken: string | undefined;
  /** Serve the API documentation (swagger-ui) at /api/docs. */
  apiDocs: boolean;
  /** The time a client has to send a whole request (headers and body) before it gets 408 and is closed. */
  requestTimeoutMs: number;
  /**
   * Open connections per client address, beyond which new ones are closed at once; 0 = no cap. Behind a
   * reverse proxy every connection comes from the proxy's address, so the default is then 0 (no cap): limit
   * connections per client at the proxy instead (nginx limit_conn).
   */
  maxConnectionsPerClient: number;
  logLevel: Env['LOG_LEVEL'];
  catalogueCacheMs: number;
  mail: {
    /** Null: the development mailbox (/dev/mailbox), never in production. */
    smtpUrl: string | null;
    /** Null: the product's name at no-reply@ the public host. */
    from: string | null;
    /** Null: the site's support email. */
    supportInbox: string | null;
    dkim: { domainName: string; keySelector: string; privateKeyFile: string } | null;
    timeoutSeconds: number;
    retryDelaySeconds: number;
  };
  jobs: { worker: boolean; maintenanceSeconds: number };
  /** Transcode lesson videos into HLS (VIDEO_TRANSCODE), in processes that run jobs. */
  videoTranscode: boolean;
  /** Null: raw video events are kept for ever; otherwise days after which rolled-up events are deleted. */
  analytics: { rawEventRetentionDays: number | null };
  /** Emails granted the admin role at sign-in (ADMIN_EMAILS; with the stand-ins, also the demo admin's). */
  adminEmails: string[];
  invoicing: InvoicingConfig;
}

/** The S3-compatible bucket of the media store (MEDIA_S3_*, MEDIA_CDN_URL). */
export interface MediaS3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  cdnUrl: string | undefined;
}

/** What GST invoices say about the seller and how they are numbered (decision 024). */
export interface InvoicingConfig {
  supplier: { legalName: string; address: string; gstin: string; stateCode: string };
  /** The supplier's state code decides CGST + SGST (same state) or IGST. */
  sacCode: string;
  gstRatePercent: number;
  invoicePrefix: string;
  creditNotePrefix: string;
}

/** Development's stand-in seller (a well-formed, made-up GSTIN); production refuses to start without its own. */
export const DEVELOPMENT_SUPPLIER = {
  legalName: 'Kaushal AI Learning Private Limited (development)',
  address: 'MG Road, Bangalore, Karnataka 560001, India',
  gstin: '29AAACK1234A1Z6',
} as const;

/** The stand-in's demo admin (embedded default only). */
export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@example.com' } as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads or creates a development secret kept in DATA_DIR, so sessions survive restarts. A new secret is written
 * aside and linked into place, so two processes starting at once (the server and `npm run backup`) agree on
 * one secret and neither reads a file half written.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(partial);
  }
  return readFileSync(file, 'utf8').trim();
}

/** localhost, 127.0.0.0/8 or ::1: an address only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function oauthPair(
  id: string | undefined,
  secret: string | undefined,
  urls: Pick<OAuthProviderConfig, 'authUrl' | 'tokenUrl' | 'profileUrl'>,
): OAuthProviderConfig | null {
  return id && secret ? { clientId: id, clientSecret: secret, ...urls } : null;
}

/** MEDIA_S3_*: null without a bucket; a half-given credential pair or a bucket-less S3 variable stops the start. */
function mediaS3Config(env: Env): MediaS3Config | null {
  const keyId = env.MEDIA_S3_ACCESS_KEY_ID;
  const secret = env.MEDIA_S3_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret)) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  if (!env.MEDIA_S3_BUCKET) {
    const stray = (['MEDIA_S3_ENDPOINT', 'MEDIA_S3_REGION', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_CDN_URL'] as const).filter(
      (name) => env[name],
    );
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  ${stray.join(', ')}: set MEDIA_S3_BUCKET too, or none of them`);
    }
    return null;
  }
  return {
    bucket: env.MEDIA_S3_BUCKET,
    endpoint: env.MEDIA_S3_ENDPOINT?.replace(/\/$/, ''),
    region: env.MEDIA_S3_REGION ?? 'us-east-1',
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    cdnUrl: env.MEDIA_CDN_URL?.replace(/\/$/, ''),
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  // npm runs workspace scripts inside the workspace; relative paths mean the folder the command was typed in.
  const cwd = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

  const razorpay =
    env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
      ? {
          keyId: env.RAZORPAY_KEY_ID,
          keySecret: env.RAZORPAY_KEY_SECRET,
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
          apiBase: env.RAZORPAY_API_BASE.replace(/\/$/, ''),
          checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
          timeoutMs: env.RAZORPAY_TIMEOUT_MS,
        }
      : null;

  const webDistDir = env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
  const config: Config = {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    contentDir: env.CONTENT_DIR ? path.resolve(cwd, env.CONTENT_DIR) : path.join(repoRoot, 'content'),
    webDistDir,
    webFirstPaintModule: env.WEB_FIRST_PAINT_MODULE
      ? path.resolve(cwd, env.WEB_FIRST_PAINT_MODULE)
      : path.join(webDistDir, '..', 'dist-ssr', 'render-first-paint.js'),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    webOrigin: (env.WEB_ORIGIN ?? publicUrl).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET ?? '',
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET ?? '',
    oauth: {
      google: oauthPair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, {
        authUrl: env.GOOGLE_AUTH_URL,
        tokenUrl: env.GOOGLE_TOKEN_URL,
        profileUrl: env.GOOGLE_USERINFO_URL,
      }),
      github: oauthPair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, {
        authUrl: env.GITHUB_AUTH_URL,
        tokenUrl: env.GITHUB_TOKEN_URL,
        profileUrl: env.GITHUB_API_URL.replace(/\/$/, ''),
      }),
    },
    oauthStandIns: false,
    razorpay,
    razorpayCheckoutUrl: env.RAZORPAY_CHECKOUT_URL,
    analyticsId: env.ANALYTICS_ID,
    sessionRecordingId: env.SESSION_RECORDING_ID,
    chatWidgetId: env.CHAT_WIDGET_ID,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    // Made in DATA_DIR/demo-media: with media in a bucket they play only once copied there (decision 033).
    demoMedia: env.DEMO_MEDIA ?? (env.MEDIA_S3_BUCKET ? false : (env.SEED_DEMO ?? !isProduction)),
    demoMediaDir: path.join(dataDir, 'demo-media'),
    mediaDir: path.join(dataDir, 'media'),
    uploadsDir: path.join(dataDir, 'uploads'),
    thumbnailsDir: path.join(dataDir, 'thumbnails'),
    mediaS3: mediaS3Config(env),
    redisUrl: env.REDIS_URL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    backupToken: undefined,
    apiDocs: env.API_DOCS ?? !isProduction,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT ?? (parseTrustProxy(env.TRUST_PROXY) ? 0 : 64),
    logLevel: env.LOG_LEVEL,
    catalogueCacheMs: env.CATALOGUE_CACHE_SECONDS * 1000,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? null,
      supportInbox: env.SUPPORT_INBOX ?? null,
      dkim:
        env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY_FILE
          ? {
              domainName: env.DKIM_DOMAIN,
              keySelector: env.DKIM_SELECTOR,
              privateKeyFile: path.resolve(cwd, env.DKIM_PRIVATE_KEY_FILE),
            }
          : null,
      timeoutSeconds: env.EMAIL_TIMEOUT_SECONDS,
      retryDelaySeconds: env.EMAIL_RETRY_DELAY_SECONDS,
    },
    jobs: { worker: env.JOBS_WORKER, maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS },
    videoTranscode: env.VIDEO_TRANSCODE,
    analytics: { rawEventRetentionDays: env.ANALYTICS_RAW_EVENT_RETENTION_DAYS ?? null },
    invoicing: {
      supplier: {
        legalName: env.INVOICE_SUPPLIER_NAME ?? DEVELOPMENT_SUPPLIER.legalName,
        address: env.INVOICE_SUPPLIER_ADDRESS ?? DEVELOPMENT_SUPPLIER.address,
        gstin: env.INVOICE_SUPPLIER_GSTIN ?? DEVELOPMENT_SUPPLIER.gstin,
        stateCode: (env.INVOICE_SUPPLIER_GSTIN ?? DEVELOPMENT_SUPPLIER.gstin).slice(0, 2),
      },
      sacCode: env.INVOICE_SAC,
      gstRatePercent: env.GST_RATE_PERCENT,
      invoicePrefix: env.INVOICE_PREFIX,
      creditNotePrefix: env.CREDIT_NOTE_PREFIX,
    },
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  };
  const dkimParts = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY_FILE].filter(Boolean).length;
  if (dkimParts !== 0 && dkimParts !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE: set all three or none',
    );
  }
  // A stand-in signs in whoever types an email, and accounts are found by email: beside a real provider it
  // would open that provider's accounts, and on a reachable address it would open anyone's.
  config.oauthStandIns =
    !isProduction && !config.oauth.google && !config.oauth.github && isLoopbackUrl(config.publicUrl);
  // The stand-in's "Sign in as the demo admin" reaches the console in one click; only where the stand-ins run
  // (nobody else can sign in as that email there, and stand-in identities never meet real accounts).
  if (config.oauthStandIns) config.adminEmails.push(DEMO_ADMIN.email);

  if (isProduction) {
    const missing: string[] = [];
    if (!env.SESSION_SECRET) missing.push('SESSION_SECRET');
    if (!env.MEDIA_SIGNING_SECRET) missing.push('MEDIA_SIGNING_SECRET');
    if (!env.DATABASE_URL) missing.push('DATABASE_URL');
    if (!env.PUBLIC_URL) missing.push('PUBLIC_URL');
    if (!config.oauth.google) missing.push('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
    if (!config.oauth.github) missing.push('GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET');
    if (!razorpay) missing.push('RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET');
    if (!env.RAZORPAY_WEBHOOK_SECRET) missing.push('RAZORPAY_WEBHOOK_SECRET');
    if (!env.SMTP_URL) missing.push('SMTP_URL');
    if (!env.MAIL_FROM) missing.push('MAIL_FROM');
    if (!env.INVOICE_SUPPLIER_NAME) missing.push('INVOICE_SUPPLIER_NAME');
    if (!env.INVOICE_SUPPLIER_ADDRESS) missing.push('INVOICE_SUPPLIER_ADDRESS');
    if (!env.INVOICE_SUPPLIER_GSTIN) missing.push('INVOICE_SUPPLIER_GSTIN');
    const weak = weakSecrets(env);
    if (missing.length > 0 || weak.length > 0) {
      const lines = [
        'Production needs real secrets and providers; the development stand-ins are refused.',
        ...(missing.length > 0 ? [`Missing: ${missing.join(', ')}`] : []),
        ...(weak.length > 0 ? ['Weak secrets:', ...weak.map((w) => `  ${w}`)] : []),
      ];
      throw new ConfigError(lines.join('\n'));
    }
  } else {
    config.sessionSecret ||= localSecret(dataDir, 'session-secret');
    config.mediaSigningSecret ||= localSecret(dataDir, 'media-signing-secret');
    if (!config.databaseUrl) config.backupToken = localSecret(dataDir, 'backup-token');
  }
  return config;
}

/**
 * Razorpay lets the merchant choose the webhook secret (any string, optional on their side), so nothing there
 * stops a short one; 16 characters is the floor that rules out words and PINs while accepting any secret a
 * generator made. Generate 32 or more (`openssl rand -base64 32`).
 */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** What production refuses beyond a missing value; each line names its variable, never its value. */
function weakSecrets(env: Env): string[] {
  const weak: string[] = [];
  if (env.SESSION_SECRET && env.SESSION_SECRET === env.MEDIA_SIGNING_SECRET) {
    weak.push(
      'SESSION_SECRET, MEDIA_SIGNING_SECRET: must differ (one secret per purpose, so that a leak of one does not give the other)',
    );
  }
  if (env.RAZORPAY_WEBHOOK_SECRET && env.RAZORPAY_WEBHOOK_SECRET.length < MIN_WEBHOOK_SECRET_LENGTH) {
    weak.push(
      `RAZORPAY_WEBHOOK_SECRET: must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters (set a longer secret in the Razorpay dashboard's webhook settings, then here)`,
    );
  }
  return weak;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
