import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Catalogue search (decisions 028, 038): searches read course_search (below), whose documents migration 0016's
 * triggers build with this configuration; a page's matched lesson is found by parsing that course's lesson titles
 * with the same one. A literal ('english'), never a parameter.
 */
export const SEARCH_CONFIG = 'english';
/** A lesson's title as a text search document (a page's rows only: no index). */
export const LESSON_SEARCH_DOCUMENT = sql.raw(`to_tsvector('${SEARCH_CONFIG}'::regconfig, title)`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; one verified email is one learner across providers. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    /** The learner's preferences (contract `Settings`); missing keys take the defaults. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The console's learner search (decisions/027): `name`/`email` ILIKE '%…%' of 3 or more characters looks up
    // trigrams (pg_trgm, whose GIN operator class answers ILIKE on the column itself, any case), and the list,
    // newest sign-up first with keyset paging, walks this order, stopping once a page is full.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index('oauth_accounts_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A counter per learner, moved by database triggers on every write to the rows their dashboard is made of
 * (lesson_progress, enrollments, quiz_attempts, certificates; migration 0013), whichever process or tool writes
 * them. The session lookup reads it, so a cached dashboard is known current with no query of its own
 * (decision 035). No foreign key: a learner's rows deleted with their account bump it as the account goes.
 */
export const learnerVersions = pgTable('learner_versions', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    difficulty: text('difficulty').$type<'Beginner' | 'Intermediate' | 'Advanced'>().notNull(),
    pricePaise: integer('price_paise').notNull(),
    thumbnail: text('thumbnail').notNull().default(''),
    instructor: text('instructor').notNull().default(''),
    duration: text('duration').notNull().default(''),
    /** Learners counted before this platform's own enrollments (seeded figure). */
    baseStudents: integer('base_students').notNull().default(0),
    /** Real enrollments, kept in step by the enrollment service. */
    enrolledCount: integer('enrolled_count').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    /** Set the first time the course goes live: its id (the slug in its URL) is fixed from then on. */
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    /** Raised by every staff edit: a save naming an older version is refused (two staff editing at once). */
    version: integer('version').notNull().default(1),
    /** Who made the last staff edit (null for imports and seeds). */
    updatedBy: uuid('updated_by'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Set on a draft: the staff's working copy of the course named here, held back from learners until Publish
     * (modules/admin/drafts.ts). A draft is never published itself; deleting its course deletes it.
     */
    draftOf: text('draft_of').references((): AnyPgColumn => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courses_draft_of_key').on(t.draftOf),
    index('courses_catalogue_idx').on(t.published, t.sortOrder, t.id),
    index('courses_featured_idx').on(t.sortOrder, t.id).where(sql`${t.featured} and ${t.published}`),
    // Titles by trigram (pg_trgm): the search boxes' suggestions. (Searches read course_search: decision 038.)
    index('courses_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per published course for catalogue search (decision 038): the course's whole search document (title A,
 * instructor B, description C, its lesson titles D), its title's document (title matches rank first), its title
 * (the trigram pass for misspellings) and the keys a search sorts and filters by. Derived: written only by the
 * statement-level triggers of migration 0016 on courses and lessons, so a search is one GIN lookup over this
 * table, with no look-up per match. Published courses only.
 */
export const courseSearch = pgTable(
  'course_search',
  {
    courseId: text('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    titleDocument: tsvector('title_document').notNull(),
    title: text('title').notNull(),
    difficulty: text('difficulty').notNull(),
    pricePaise: integer('price_paise').notNull(),
    students: integer('students').notNull(),
    rating: doublePrecision('rating').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
  },
  (t) => [
    // The document with the filters a learner picks most (difficulty, free: btree_gin, decision 047): a search with
    // them intersects their entries in the index and reads only the rows it keeps.
    index('course_search_document_filters_idx').using('gin', t.document, t.difficulty, t.pricePaise),
    index('course_search_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // A one-word search (decision 042): its title matches alone (they rank first), then the other matches walked
    // in each sort's order, stopping at the page's last row.
    index('course_search_title_document_idx').using('gin', t.titleDocument),
    index('course_search_relevance_idx').on(t.students.desc().nullsFirst(), t.sortOrder, t.courseId),
    index('course_search_popular_idx').on(t.students.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.courseId),
    index('course_search_rating_idx').on(t.rating.desc().nullsFirst(), t.students.desc().nullsFirst(), t.courseId),
    index('course_search_newest_idx').on(t.publishedAt.desc().nullsFirst(), t.courseId),
    index('course_search_price_asc_idx').on(t.pricePaise, t.sortOrder, t.courseId),
    index('course_search_price_desc_idx').on(t.pricePaise.desc().nullsFirst(), t.sortOrder, t.courseId),
  ],
);

/**
 * The catalogue's words (decision 042): each lexeme of the published courses' search documents with the number
 * of courses whose document has it, kept from course_search by migration 0017's triggers. A
 * one-word search takes its exact total from here (no count of every match), and a misspelt word is corrected to
 * the most similar lexeme here (trigram index) before it is searched.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    lexeme: text('lexeme').primaryKey(),
    courses: integer('courses').notNull(),
  },
  (t) => [index('search_lexemes_trgm_idx').using('gin', t.lexeme.op('gin_trgm_ops'))],
);

export interface CaptionRef {
  lang: string;
  label: string;
  key: string;
}

/**
 * A course's chapters, in order. Each lesson belongs to one; lessons keep one position across the whole course
 * (a section's lessons are consecutive), so Previous/Next, resume and "next lesson" follow sections as they are.
 */
export const sections = pgTable(
  'sections',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** In a draft: the published section this row edits (null for a section new in the draft). */
    draftOf: text('draft_of'),
  },
  (t) => [index('sections_course_idx').on(t.courseId, t.position)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    // NO ACTION (checked at the end of the statement): deleting a course removes its sections and lessons at once.
    sectionId: text('section_id')
      .notNull()
      .references(() => sections.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isFree: boolean('is_free').notNull().default(false),
    durationSeconds: integer('duration_seconds').notNull(),
    /** 'direct' (a key in the media store) or 'youtube' (an embed URL); null when the lesson has no video yet. */
    videoType: text('video_type').$type<'direct' | 'youtube'>(),
    videoRef: text('video_ref'),
    captions: jsonb('captions').$type<CaptionRef[]>().notNull().default([]),
    /** In a draft: the published lesson this row edits (null for a lesson new in the draft). */
    draftOf: text('draft_of'),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseId, t.position),
    // Lesson titles by trigram: the search boxes' suggestions.
    index('lessons_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const pricingTiers = pgTable(
  'pricing_tiers',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    originalPricePaise: integer('original_price_paise').notNull(),
    accessType: text('access_type').$type<'permanent' | 'weekly'>().notNull(),
    /** No longer offered (hidden from learners, refused at checkout); its orders and the access they bought stay. */
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [index('pricing_tiers_course_idx').on(t.courseId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reviews_course_idx').on(t.courseId, t.createdAt)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    accessType: text('access_type').$type<'permanent' | 'weekly'>().notNull(),
    /** Null for permanent access. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** free, payment, or staff (granted in the console; no refund takes it back). */
    source: text('source').$type<'free' | 'payment' | 'staff'>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_course_idx').on(t.courseId),
  ],
);

/** Marks that a learner finished a free preview lesson of a course (spec: hasCompletedFreeLesson). */
export const freeLessonCompletions = pgTable(
  'free_lesson_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const paymentOrders = pgTable(
  'payment_orders',
  {
    /** The provider's order id (order_…). */
    id: text('id').primaryKey(),
    /** Set to null when the learner deletes their account: orders are kept for accounting. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    pricingTierId: text('pricing_tier_id'),
    accessType: text('access_type').$type<'permanent' | 'weekly'>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<'created' | 'paid' | 'failed' | 'refunded'>().notNull().default('created'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The price before a coupon (null on orders made before coupons: the amount itself). */
    listPricePaise: integer('list_price_paise'),
    couponId: uuid('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
    /** The buyer as billed, copied from the billing profile when the order was made; null: none entered. */
    billing: jsonb('billing').$type<OrderBilling>(),
    /** Paise refunded so far (processed refunds); the whole amount makes the order `refunded`. */
    refundedPaise: integer('refunded_paise').notNull().default(0),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId),
    uniqueIndex('payment_orders_payment_key').on(t.providerPaymentId),
    index('payment_orders_coupon_idx').on(t.couponId, t.status),
    index('payment_orders_created_idx').on(t.createdAt),
    // The accountant's CSV export: a date range of payments, oldest first, a batch after the last (paid_at, id).
    index('payment_orders_paid_idx').on(t.paidAt, t.id),
  ],
);

export type EmailAttachmentRef = { kind: 'invoice'; invoiceId: string };

export interface OrderBilling {
  name: string;
  stateCode: string;
  gstin: string | null;
  address: string | null;
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a learner bills purchases to (decision 024): entered once before checkout, copied onto each order. */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  stateCode: text('state_code').notNull(),
  gstin: text('gstin'),
  address: text('address'),
  updatedAt: updatedAt(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case; learners type it in any case. */
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    /** Percent (1–100) or paise. */
    value: integer('value').notNull(),
    scope: text('scope').$type<'all' | 'courses' | 'tiers'>().notNull(),
    courseIds: jsonb('course_ids').$type<string[]>().notNull().default([]),
    tierIds: jsonb('tier_ids').$type<string[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    perLearnerLimit: integer('per_learner_limit'),
    active: boolean('active').notNull().default(true),
    /** Settled redemptions, counted in the settling transaction under this row's lock. */
    redemptions: integer('redemptions').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

/** One settled use of a coupon: a paid order, or an enrollment a ₹0 price gave without checkout. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for a ₹0 enrollment (no order was made). */
    orderId: text('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    courseId: text('course_id').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

/**
 * A refund or a cancellation request. At most one is open (requested or pending) per order at a time, which
 * is what makes a double click, two tabs and a webhook racing our own call end in one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'self_serve' | 'request' | 'staff' | 'provider'>().notNull(),
    status: text('status').$type<'requested' | 'rejected' | 'pending' | 'processed' | 'failed'>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason'),
    decisionReason: text('decision_reason'),
    providerRefundId: text('provider_refund_id'),
    /** Staff who asked for it or decided on it. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The policy's figures when it was asked for. */
    completionPercent: real('completion_percent'),
    hoursSincePayment: real('hours_since_payment'),
    failure: text('failure'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    uniqueIndex('refunds_one_open_per_order').on(t.orderId).where(sql`status in ('requested', 'pending')`),
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** The last number used in each series (invoice, credit_note) and Indian financial year: gapless numbering. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').$type<'invoice' | 'credit_note'>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** A GST tax invoice or credit note: issued once, never changed (its PDF is drawn once from `details`). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    totalPaise: integer('total_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    /** Everything printed: supplier, buyer, line, tax split (modules/invoices/document.ts `InvoiceDocument`). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    pdf: bytea('pdf'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_seq_key').on(t.kind, t.financialYear, t.seq),
    uniqueIndex('invoices_one_per_order').on(t.orderId).where(sql`kind = 'invoice'`),
    uniqueIndex('invoices_one_per_refund').on(t.refundId),
    index('invoices_user_idx').on(t.userId),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Where to resume: the last reported position (may move back when the learner rewinds). */
    resumeSeconds: integer('resume_seconds').notNull().default(0),
    /** Distinct seconds of the lesson actually watched; never goes down. */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /** Merged [start, end) second ranges actually watched. */
    watchedRanges: jsonb('watched_ranges').$type<Array<[number, number]>>().notNull().default([]),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The pace (lesson seconds) earlier reports left unused, carried to the next report: watched-ranges.ts. */
    paceSlackSeconds: doublePrecision('pace_slack_seconds').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_user_course_idx').on(t.userId, t.courseId),
    // The console funnel's "completed" step (decision 026): a course's completions by day.
    index('lesson_progress_course_completed_idx').on(t.courseId, t.completedAt).where(sql`${t.completed}`),
  ],
);

export const videoSessions = pgTable(
  'video_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * Until when this playback's HLS segment tokens stay good after their own expiry (decision 034): set when the
     * session opens and moved on by each token renewal, which checks the learner's access again.
     */
    hlsLeaseUntil: timestamp('hls_lease_until', { withTimezone: true }),
  },
  (t) => [index('video_sessions_user_idx').on(t.userId)],
);

/**
 * A video's HLS ladder (decision 034): one row per rendition of one transcode of a source media key. The files
 * live in the media store under `uploads/hls/<set>/<label>/`; the variant playlist (small text with relative
 * segment names) is kept here, so the API serves playlists without reading the store.
 */
export const hlsRenditions = pgTable(
  'hls_renditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The lesson's `video_ref` this was made from: a new upload is a new key, so a new ladder. */
    sourceKey: text('source_key').notNull(),
    /** The transcode's random id: its files are under `uploads/hls/<setId>/`. */
    setId: text('set_id').notNull(),
    /** '240p' … '1080p' (the short side of the picture). */
    label: text('label').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Peak bits per second, as the master playlist's BANDWIDTH. */
    bandwidth: integer('bandwidth').notNull(),
    /** RFC 6381 codecs: 'avc1.64001f,mp4a.40.2', or the video's alone when the source has no audio. */
    codecs: text('codecs').notNull(),
    playlist: text('playlist').notNull(),
    /** The poster frame's media key (the same for every rendition of a set). */
    posterKey: text('poster_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('hls_renditions_source_idx').on(t.sourceKey),
    uniqueIndex('hls_renditions_set_label_idx').on(t.setId, t.label),
  ],
);

export const videoEvents = pgTable(
  'video_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => videoSessions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<'play' | 'pause' | 'seek' | 'complete'>().notNull(),
    positionSec: real('position_sec').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('video_events_session_idx').on(t.sessionId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // The support inbox (issue 20, decision 025): each message is a ticket staff answer in the console.
    /** open | waiting (on the learner) | closed */
    status: text('status').notNull().default('open'),
    /** normal | critical (2-hour target); technical messages start critical until staff triage them. */
    priority: text('priority').notNull().default('normal'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The oldest learner message no staff reply has answered yet; null once answered. */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    /** awaiting_since plus the target, while the ticket is not closed: what "most urgent first" sorts by. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    lastLearnerMessageAt: timestamp('last_learner_message_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Bumped by every change to the ticket: a PATCH on a stale view is refused. */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_messages_ticket_key').on(t.ticketId),
    index('contact_messages_created_idx').on(t.createdAt),
    // A learner's messages on the console's learner page: written signed in, or signed out from their address
    // (compared in lower case); both, so that the OR of the two is two index lookups. The first also serves
    // `on delete set null` when an account is deleted.
    index('contact_messages_user_idx').on(t.userId),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`),
    index('contact_messages_status_due_idx').on(t.status, t.dueAt),
    index('contact_messages_assignee_idx').on(t.assigneeId, t.createdAt),
  ],
);

/**
 * A ticket's thread after its first message (which is the contact_messages row itself): follow-ups the learner
 * sent through the contact form with the ticket id, staff replies (emailed through the outbox) and internal
 * notes (never emailed). They go with their ticket; a deleted staff account leaves its name on its entries.
 */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactMessageId: uuid('contact_message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** message (from the learner) | reply (staff, emailed) | note (staff only) */
    kind: text('kind').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_entries_ticket_idx').on(t.contactMessageId, t.createdAt)],
);

/**
 * Every email the product sends, written in the transaction of the fact it reports (the outbox) together with
 * the job that delivers it. In the embedded default (no SMTP_URL) this table is also the development mailbox.
 * A learner's messages go with their account (ON DELETE CASCADE): nothing queued is sent to a deleted account.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** receipt, welcome, contact_ack, contact_staff, reminder, refund, … */
    kind: text('kind').notNull(),
    /** One message per fact (e.g. `receipt:<order id>`): the second attempt to queue it does nothing. */
    dedupeKey: text('dedupe_key'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toName: text('to_name').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The language it was written in, fixed when it was queued (decision 031): a retry sends the same text. */
    language: text('language').notNull().default('en'),
    /** Files sent with it, resolved at delivery (an invoice's PDF is drawn from the invoice, not copied here). */
    attachments: jsonb('attachments').$type<EmailAttachmentRef[]>().notNull().default([]),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    /** Tries made; the last error (never the message itself) for staff. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    transport: text('transport').$type<'smtp' | 'mailbox'>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_messages_dedupe_key').on(t.dedupeKey),
    index('email_messages_user_idx').on(t.userId),
    index('email_messages_to_created_idx').on(t.toAddress, t.createdAt),
    index('email_messages_created_idx').on(t.createdAt),
  ],
);

/** Staff roles beyond `learner`, which everyone is. A user may hold several. */
export type StaffRole = 'instructor' | 'support' | 'admin';

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when granted by the CLI or ADMIN_EMAILS. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** The courses an instructor authors (an instructor edits only these). */
export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_instructors_user_idx').on(t.userId)],
);

/**
 * Every staff write: who, when, what, and the values before and after, written in the write's own transaction.
 * The actor's email is copied so the row still says who it was after their account is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. course.update, tier.create, role.grant */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * A downloadable file of a lesson (a Jupyter notebook, a PDF, a dataset), stored in the media store under `mediaKey`
 * and handed out through short-lived signed URLs under the lesson's own access rule.
 */
export const lessonResources = pgTable(
  'lesson_resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** The name the download is saved under (Content-Disposition). */
    fileName: text('file_name').notNull(),
    mediaKey: text('media_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_resources_lesson_idx').on(t.lessonId, t.position)],
);

/** One question of a quiz, with its answer: the answer never leaves the server before an attempt is graded. */
export type QuizQuestion =
  | {
      id: string;
      kind: 'single' | 'multiple';
      prompt: string;
      options: Array<{ id: string; text: string }>;
      /** Exactly one for `single`; one or more for `multiple` (all and only these are right). */
      correctOptionIds: string[];
      explanation: string;
    }
  | {
      id: string;
      kind: 'numeric';
      prompt: string;
      answer: number;
      /** An answer within ± tolerance counts as right. */
      tolerance: number;
      explanation: string;
    };

/** A section's quiz (at most one per section). Questions are kept whole with the quiz: they are authored together. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Percent of questions right needed to pass (1–100). */
    passPercent: smallint('pass_percent').notNull(),
    questions: jsonb('questions').$type<QuizQuestion[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quizzes_section_key').on(t.sectionId), index('quizzes_course_idx').on(t.courseId)],
);

/** Every graded attempt; the best score is the highest of a learner's attempts at a quiz. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Question id → the chosen option ids, or the number given. */
    answers: jsonb('answers').$type<Record<string, string[] | number>>().notNull(),
    correctCount: smallint('correct_count').notNull(),
    questionCount: smallint('question_count').notNull(),
    scorePercent: smallint('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.scorePercent),
    index('quiz_attempts_user_course_idx').on(t.userId, t.courseId),
  ],
);

/**
 * A certificate of completion. Its id is random and unguessable (the public verification URL). What it certifies is
 * copied at issue (name on the profile, course title, hours watched, quiz scores) so later edits do not change it.
 * Deleting the account keeps a tombstone (user and name cleared, `deletedAt` set): the page then says it no longer
 * exists, rather than pretending it never did.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    learnerName: text('learner_name'),
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    watchedSeconds: integer('watched_seconds').notNull(),
    quizScores: jsonb('quiz_scores').$type<Array<{ title: string; scorePercent: number }>>().notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId)],
);

/** A learner's private note or bookmark at a second of a lesson (a bookmark has an empty body). */
export const lessonNotes = pgTable(
  'lesson_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'note' | 'bookmark'>().notNull(),
    atSeconds: integer('at_seconds').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lesson_notes_user_course_idx').on(t.userId, t.courseId, t.lessonId, t.atSeconds)],
);

// ---------------------------------------------------------------------------------------------------------------
// Console analytics (decision 026). Rollups of video_events kept by the analytics job from a high-water mark, and
// first-party course-page visit counts. None of these tables holds an IP address, a user agent or a cookie.

/** The job's bookmarks: `video_events` is the last event id rolled up. */
export const analyticsState = pgTable('analytics_state', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * One video session as the rollup has seen it so far: the furthest point its playback reached, where it was last
 * seen, whether it is playing (from where), and the seconds it has watched (to tell a first view from a rewatch).
 * Lets events of a session that arrive after a run continue it exactly, and lets raw events be pruned.
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The IST day of the session's first event: the day its counts are filed under. */
    day: text('day').notNull(),
    /** Whether any play event was seen (only then is the session a viewer). */
    viewer: boolean('viewer').notNull().default(false),
    /** 5% steps reached by playing (0–20); -1 before the first play. */
    reachBucket: smallint('reach_bucket').notNull().default(-1),
    /** Where the session was last seen, as a 5% step (0–19; 20 when it completed); -1 before the first play. */
    lastBucket: smallint('last_bucket').notNull().default(-1),
    /** The position playback runs from (a play, or a seek while playing); null when paused. */
    playingFrom: real('playing_from'),
    /** Merged [start, end) whole-second ranges already watched. */
    watched: jsonb('watched').$type<Array<[number, number]>>().notNull().default([]),
  },
  (t) => [index('analytics_sessions_lesson_idx').on(t.lessonId)],
);

/** Per lesson and IST day: viewers who reached each 5% step (`reached`) and who were last seen in it (`ended`). */
export const analyticsLessonBuckets = pgTable(
  'analytics_lesson_buckets',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    /** 0–20: the step at bucket × 5% of the lesson. */
    bucket: smallint('bucket').notNull(),
    reached: integer('reached').notNull().default(0),
    ended: integer('ended').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.day, t.bucket] })],
);

/** Per lesson and whole second, all time: how many sessions watched it, and how many extra times (rewatches). */
export const analyticsLessonSeconds = pgTable(
  'analytics_lesson_seconds',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    second: integer('second').notNull(),
    views: integer('views').notNull().default(0),
    rewatches: integer('rewatches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.second] })],
);

/** When a learner first played a free lesson, and a paid one, of a course (the funnel's learner steps). */
export const analyticsCourseLearners = pgTable(
  'analytics_course_learners',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstFreeDay: text('first_free_day'),
    firstPaidDay: text('first_paid_day'),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('analytics_course_learners_free_idx').on(t.courseId, t.firstFreeDay),
    index('analytics_course_learners_paid_idx').on(t.courseId, t.firstPaidDay),
  ],
);

/** Unique course-page visitors per IST day, counted in memory from a daily-salted hash and stored as a number. */
export const coursePageVisits = pgTable(
  'course_page_visits',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day] })],
);

/** Signed-in learners who opened a course page: the first IST day each did (an account we already hold). */
export const coursePageLearners = pgTable(
  'course_page_learners',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstDay: text('first_day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_page_learners_day_idx').on(t.courseId, t.firstDay),
  ],
);
