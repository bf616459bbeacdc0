/**
 * Business constants and interface limits of the specification (marketplace-core §9,
 * hosting §9). Every number the product relies on lives here, named, so that a test can
 * pin it and a screen never repeats a literal.
 */

// Session and realtime
/** Refresh the access token when fewer than this many ms remain before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;
/** A typing whisper is repeated this often while the user types. */
export const TYPING_WHISPER_INTERVAL_MS = 1200;
/** The typing indicator clears this long after the last whisper. */
export const TYPING_CLEAR_MS = 1300;
/** Sponsorship search box debounce. */
export const SEARCH_DEBOUNCE_MS = 700;

// Defaults of records
export const DEFAULT_SERVICE_FEE_PERCENT = 10;
export const DEFAULT_JOB_EPISODES = 1;
/** A hosted podcast counts as redirecting for this many days after redirecting_at. */
export const HOSTED_REDIRECT_ACTIVE_DAYS = 2;
/** The slot calendar covers the next this-many months. */
export const SLOT_CALENDAR_MONTHS = 12;

// RSS verification banner
/** A resend of the verification email is allowed once per this many ms. */
export const VERIFICATION_RESEND_THROTTLE_MS = 5_000;
/** After a resend, the 'sent' notice shows for this many ms. */
export const VERIFICATION_SENT_NOTICE_MS = 60_000;
/** The 'Email not found in RSS' error toast stays this long (hosting §8 / core §8). */
export const VERIFICATION_NOT_FOUND_TOAST_MS = 10_000;

// Startup popup
/** When the marketplace took the name Cuepoint: accounts created before it are told of the rename, later ones are welcomed. */
export const CUEPOINT_RENAMED_AT = '2026-11-01T00:00:00.000Z';
/** The cookie remembering a closed startup popup lives this many seconds (3 years). */
export const STARTUP_POPUP_MAX_AGE_S = 94_608_000;

// Uploads
export const MB = 1024 * 1024;
/** Chunk size of the chunked uploader, in MB (MiB) and bytes. */
export const UPLOAD_CHUNK_SIZE_MB = 100;
export const UPLOAD_CHUNK_SIZE_BYTES = UPLOAD_CHUNK_SIZE_MB * MB;
/** Chunking is forced even for small files. */
export const UPLOAD_FORCE_CHUNKING = true;
export const UPLOAD_CHUNK_RETRIES = 2;
/** Time-out of one upload: 2 hours. */
export const UPLOAD_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const UPLOAD_MAX_FILE_MB = 500;
export const UPLOAD_MAX_FILE_BYTES = UPLOAD_MAX_FILE_MB * MB;
/** File names longer than this are truncated, keeping the extension (core §5). */
export const FILE_NAME_LIMIT = 100;
/** Default maximum number of files in one uploader. */
export const UPLOAD_MAX_FILES = 10;
/** The uploader polls for completion this often. */
export const UPLOAD_COMPLETION_POLL_MS = 100;
/** Show and episode artwork (a square PNG or JPEG of at most 3000 px) is far smaller: 10 MB at most, checked on both sides. */
export const ARTWORK_MAX_FILE_MB = 10;
export const ARTWORK_MAX_FILE_BYTES = ARTWORK_MAX_FILE_MB * MB;
/** Allowed types as displayed to the user. */
export const UPLOAD_ALLOWED_TYPES_DISPLAY = ['pdf', 'mp3', 'mp4', 'png', 'jpeg'] as const;

// Media
export const IMAGE_PREVIEW_MIME_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml', 'image/tiff', 'image/webp'] as const;
export const PDF_MIME_TYPE = 'application/pdf';
export const VIDEO_PLAYER_FORMATS = ['m3u8', 'mp4', 'mp3', 'm4a', 'opus', 'aac', 'ogg'] as const;
/** Extensions recognised as audio when the mime type does not say so (core §5). */
export const AUDIO_EXTENSIONS = ['mp4', 'mp3', 'm4a', 'wav'] as const;

// Inputs
/** Money input: integer digits and decimals; the whole-number variant allows 6 digits, none after the point. */
export const MONEY_MAX_INTEGER_DIGITS = 9;
export const MONEY_MAX_DECIMALS = 2;
export const WHOLE_MONEY_MAX_INTEGER_DIGITS = 6;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RANGE_SLIDER_DEFAULT_STEP = 1;

// Dialogs
export const DIALOG_WIDTH_DEFAULT = 600;
export const DIALOG_WIDTH_CONFIRMATION = 620;
export const DIALOG_WIDTH_STARTUP_POPUP = 700;
export const DIALOG_WIDTHS = {
  default: DIALOG_WIDTH_DEFAULT,
  confirmation: DIALOG_WIDTH_CONFIRMATION,
  startupPopup: DIALOG_WIDTH_STARTUP_POPUP,
} as const;

// Layout
export const BREAKPOINT_XS = 375;
export const BREAKPOINT_SM = 768;
export const BREAKPOINT_MD = 1024;
export const BREAKPOINT_LG = 1280;
export const BREAKPOINT_ML = 1366;
export const BREAKPOINTS = {
  XS: BREAKPOINT_XS,
  SM: BREAKPOINT_SM,
  MD: BREAKPOINT_MD,
  LG: BREAKPOINT_LG,
  ML: BREAKPOINT_ML,
} as const;
/** Widths below this are "mobile". */
export const MOBILE_BELOW = BREAKPOINT_MD;

// Text blocks
/** Read-more text is truncated past this many characters. */
export const READ_MORE_LIMIT = 135;
/** Collapsed height (px) of the read-more block. */
export const READ_MORE_COLLAPSED_HEIGHT = 92;
/** Open/close animation of the collapsible block. */
export const COLLAPSE_ANIMATION_MS = 600;

// Feedback
/** Toasts show bottom left for 4.5 s. */
export const TOAST_TIMEOUT_MS = 4_500;
/** Ad circles show at most this many, then a '+n' counter. */
export const AD_CIRCLES_MAX = 3;
/** A failed route chunk load reloads the page at most once per this period (one day). */
export const CHUNK_RELOAD_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** HTTP statuses never sent to error reporting. */
export const UNREPORTED_ERROR_STATUSES = [401, 422] as const;

// Hosting (hosting §9)
/** Word typed to confirm a migration. */
export const MIGRATION_CONFIRM_WORD = 'MIGRATION';
/** The redirect banner's re-check is throttled to once per 5 s. */
export const REDIRECT_RECHECK_THROTTLE_MS = 5_000;
/** Verification polling starts at 2 s. */
export const VERIFICATION_POLL_START_MS = 2_000;

// Catalogues
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
/** Display names of the card brands. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const AD_TYPE_LABELS = { sponsorship: 'Sponsorship', host: 'Host-Read' } as const;
