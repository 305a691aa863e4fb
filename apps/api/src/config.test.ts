import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.ts';
import { ConfigError } from './config.ts';

/** Everything production asks for, with distinct strong secrets; each test spoils one thing. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@localhost/db',
  SESSION_SECRET: 'production-session-secret-0123456789abcdef',
  MEDIA_SIGNING_SECRET: 'production-media-secret-0123456789abcdefgh',
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  GITHUB_CLIENT_ID: 'h',
  GITHUB_CLIENT_SECRET: 'h-secret',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec-0123456789ab',
  SMTP_URL: 'smtps://mailer:pass@smtp.example.com:465',
  MAIL_FROM: 'Kaushal AI <no-reply@example.com>',
  INVOICE_SUPPLIER_NAME: 'Kaushal AI Learning Private Limited',
  INVOICE_SUPPLIER_ADDRESS: 'MG Road, Bangalore, Karnataka 560001, India',
  INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZV',
};

const startError = (env: Record<string, string>): string => {
  try {
    testConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('production refuses weak secrets', () => {
  it('starts with distinct secrets and a webhook secret of 16 characters or more', () => {
    expect(testConfig(PRODUCTION).isProduction).toBe(true);
  });

  it('refuses SESSION_SECRET equal to MEDIA_SIGNING_SECRET, naming both', () => {
    const message = startError({ ...PRODUCTION, MEDIA_SIGNING_SECRET: PRODUCTION.SESSION_SECRET ?? '' });
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('MEDIA_SIGNING_SECRET');
    expect(message).toContain('must differ');
  });

  it('refuses a RAZORPAY_WEBHOOK_SECRET shorter than 16 characters, naming it', () => {
    const message = startError({ ...PRODUCTION, RAZORPAY_WEBHOOK_SECRET: 'whsecret' });
    expect(message).toMatch(/RAZORPAY_WEBHOOK_SECRET: .*at least 16 characters/);
    expect(message).not.toContain('whsecret');
  });

  it('reports every weak and missing variable at once', () => {
    const message = startError({
      ...PRODUCTION,
      MEDIA_SIGNING_SECRET: PRODUCTION.SESSION_SECRET ?? '',
      RAZORPAY_WEBHOOK_SECRET: 'short',
      DATABASE_URL: '',
    });
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('MEDIA_SIGNING_SECRET');
    expect(message).toContain('RAZORPAY_WEBHOOK_SECRET');
  });

  it('leaves development alone: the sandbox and fakes use short secrets', () => {
    expect(() =>
      testConfig({
        RAZORPAY_KEY_ID: 'rzp_test_x',
        RAZORPAY_KEY_SECRET: 'k',
        RAZORPAY_WEBHOOK_SECRET: 'short',
      }),
    ).not.toThrow();
  });
});

describe('API_DOCS', () => {
  it('is on by default outside production and off by default in production', () => {
    expect(testConfig().apiDocs).toBe(true);
    expect(testConfig(PRODUCTION).apiDocs).toBe(false);
  });

  it('can be turned on in production and off elsewhere', () => {
    expect(testConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(testConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('refuses a value that is not a yes or a no', () => {
    expect(startError({ API_DOCS: 'maybe' })).toContain('API_DOCS');
  });
});

describe('slow and greedy clients', () => {
  it('gives a client 30 s to send a request by default, configurable', () => {
    expect(testConfig().requestTimeoutMs).toBe(30_000);
    expect(testConfig({ REQUEST_TIMEOUT_MS: '1000' }).requestTimeoutMs).toBe(1000);
    expect(startError({ REQUEST_TIMEOUT_MS: '0' })).toContain('REQUEST_TIMEOUT_MS');
  });

  it('caps connections per client address at 64, and not at all behind a trusted proxy unless set', () => {
    expect(testConfig().maxConnectionsPerClient).toBe(64);
    expect(testConfig({ TRUST_PROXY: 'false' }).maxConnectionsPerClient).toBe(64);
    expect(testConfig({ TRUST_PROXY: '127.0.0.1' }).maxConnectionsPerClient).toBe(0);
    expect(testConfig({ TRUST_PROXY: 'true' }).maxConnectionsPerClient).toBe(0);
    expect(testConfig({ TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_CLIENT: '500' }).maxConnectionsPerClient).toBe(
      500,
    );
    expect(testConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' }).maxConnectionsPerClient).toBe(0);
  });
});

describe('mail configuration', () => {
  it('production needs a mail server and a From address: the development mailbox is refused', () => {
    const { SMTP_URL: _url, MAIL_FROM: _from, ...withoutMail } = PRODUCTION;
    const message = startError(withoutMail);
    expect(message).toMatch(/Missing: .*SMTP_URL, MAIL_FROM/);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, naming it', () => {
    expect(startError({ SMTP_URL: 'http://mail.example.com' })).toContain(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });

  it('takes DKIM settings only as a whole', () => {
    expect(startError({ DKIM_DOMAIN: 'kaushal.ai' })).toContain('DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE');
    const config = testConfig({
      DKIM_DOMAIN: 'kaushal.ai',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY_FILE: '/etc/kaushal/dkim.pem',
    });
    expect(config.mail.dkim).toEqual({
      domainName: 'kaushal.ai',
      keySelector: 'mail2026',
      privateKeyFile: '/etc/kaushal/dkim.pem',
    });
  });

  it('uses the development mailbox outside production when SMTP_URL is unset', () => {
    expect(testConfig({}).mail.smtpUrl).toBeNull();
  });
});

describe('MEDIA_S3_* (decision 033)', () => {
  it('keeps the local folders without a bucket, and reads the bucket, endpoint, region, credentials and CDN', () => {
    expect(testConfig().mediaS3).toBeNull();
    expect(
      testConfig({
        MEDIA_S3_BUCKET: 'kaushal-media',
        MEDIA_S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
        MEDIA_S3_REGION: 'auto',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_CDN_URL: 'https://media.example.com/',
      }).mediaS3,
    ).toEqual({
      bucket: 'kaushal-media',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      cdnUrl: 'https://media.example.com',
    });
    // Without credentials the SDK's own chain (an instance role) is used; AWS's default region.
    expect(testConfig({ MEDIA_S3_BUCKET: 'kaushal-media' }).mediaS3).toMatchObject({
      region: 'us-east-1',
      credentials: undefined,
      endpoint: undefined,
    });
  });

  it.each([
    [{ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'MEDIA_S3_ENDPOINT: set MEDIA_S3_BUCKET too'],
    [{ MEDIA_CDN_URL: 'https://media.example.com' }, 'MEDIA_CDN_URL: set MEDIA_S3_BUCKET too'],
    [{ MEDIA_S3_BUCKET: 'kaushal-media', MEDIA_S3_ACCESS_KEY_ID: 'key' }, 'set both or neither'],
    [{ MEDIA_S3_BUCKET: 'Not_A_Bucket' }, 'MEDIA_S3_BUCKET: must be a bucket name'],
    [{ MEDIA_S3_BUCKET: 'kaushal-media', MEDIA_S3_ENDPOINT: 'not a url' }, 'MEDIA_S3_ENDPOINT'],
  ])('refuses %j', (env, message) => {
    expect(() => testConfig(env)).toThrow(ConfigError);
    expect(() => testConfig(env)).toThrow(message);
  });
});

describe('DEMO_MEDIA with a bucket', () => {
  it('is off by default (its lessons are made on local disk), and on when asked', () => {
    expect(testConfig({ SEED_DEMO: 'true' }).demoMedia).toBe(true);
    expect(testConfig({ SEED_DEMO: 'true', MEDIA_S3_BUCKET: 'kaushal-media' }).demoMedia).toBe(false);
    expect(testConfig({ DEMO_MEDIA: 'true', MEDIA_S3_BUCKET: 'kaushal-media' }).demoMedia).toBe(true);
  });
});
