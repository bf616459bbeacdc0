import { STAT_CHARTS } from '~/lib/analytics-types';
import { describe, expect, it } from 'vitest';
import * as C from '~/lib/constants';

describe('constants of core §9 and hosting §9', () => {
  it('session and realtime', () => {
    expect(C.TOKEN_REFRESH_MARGIN_MS).toBe(30000);
    expect(C.TYPING_WHISPER_INTERVAL_MS).toBe(1200);
    expect(C.TYPING_CLEAR_MS).toBe(1300);
    expect(C.SEARCH_DEBOUNCE_MS).toBe(700);
  });
  it('record defaults', () => {
    expect(C.DEFAULT_SERVICE_FEE_PERCENT).toBe(10);
    expect(C.DEFAULT_JOB_EPISODES).toBe(1);
    expect(C.HOSTED_REDIRECT_ACTIVE_DAYS).toBe(2);
    expect(C.SLOT_CALENDAR_MONTHS).toBe(12);
  });
  it('verification banner: resend 5 s, sent notice 60 s, not-found toast 10 s', () => {
    expect(C.VERIFICATION_RESEND_THROTTLE_MS).toBe(5000);
    expect(C.VERIFICATION_SENT_NOTICE_MS).toBe(60000);
    expect(C.VERIFICATION_NOT_FOUND_TOAST_MS).toBe(10000);
  });
  it('startup popup remembered 94608000 s', () => {
    expect(C.STARTUP_POPUP_MAX_AGE_S).toBe(94608000);
  });
  it('uploads: 100 MB chunks, forced, 2 retries, 2 h, 500 MB, name 100, 10 files, poll 100 ms', () => {
    expect(C.UPLOAD_CHUNK_SIZE_MB).toBe(100);
    expect(C.UPLOAD_CHUNK_SIZE_BYTES).toBe(100 * 1024 * 1024);
    expect(C.UPLOAD_FORCE_CHUNKING).toBe(true);
    expect(C.UPLOAD_CHUNK_RETRIES).toBe(2);
    expect(C.UPLOAD_TIMEOUT_MS).toBe(7_200_000);
    expect(C.UPLOAD_MAX_FILE_MB).toBe(500);
    expect(C.UPLOAD_MAX_FILE_BYTES).toBe(500 * 1024 * 1024);
    expect(C.FILE_NAME_LIMIT).toBe(100);
    expect(C.UPLOAD_MAX_FILES).toBe(10);
    expect(C.UPLOAD_COMPLETION_POLL_MS).toBe(100);
    expect(C.UPLOAD_ALLOWED_TYPES_DISPLAY).toEqual(['pdf', 'mp3', 'mp4', 'png', 'jpeg']);
  });
  it('media types', () => {
    expect(C.IMAGE_PREVIEW_MIME_TYPES).toEqual(['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml', 'image/tiff', 'image/webp']);
    expect(C.PDF_MIME_TYPE).toBe('application/pdf');
    expect(C.VIDEO_PLAYER_FORMATS).toEqual(['m3u8', 'mp4', 'mp3', 'm4a', 'opus', 'aac', 'ogg']);
    expect(C.AUDIO_EXTENSIONS).toEqual(['mp4', 'mp3', 'm4a', 'wav']);
  });
  it('inputs: money 9/2, whole 6/0, rating 0-5, step 1', () => {
    expect(C.MONEY_MAX_INTEGER_DIGITS).toBe(9);
    expect(C.MONEY_MAX_DECIMALS).toBe(2);
    expect(C.WHOLE_MONEY_MAX_INTEGER_DIGITS).toBe(6);
    expect([C.RATING_MIN, C.RATING_MAX]).toEqual([0, 5]);
    expect(C.RANGE_SLIDER_DEFAULT_STEP).toBe(1);
  });
  it('dialog widths 600 / 620 / 700', () => {
    expect(C.DIALOG_WIDTH_DEFAULT).toBe(600);
    expect(C.DIALOG_WIDTH_CONFIRMATION).toBe(620);
    expect(C.DIALOG_WIDTH_STARTUP_POPUP).toBe(700);
    expect(C.DIALOG_WIDTHS).toEqual({ default: 600, confirmation: 620, startupPopup: 700 });
  });
  it('breakpoints XS 375, SM 768, MD 1024, LG 1280, ML 1366; mobile below 1024', () => {
    expect(C.BREAKPOINTS).toEqual({ XS: 375, SM: 768, MD: 1024, LG: 1280, ML: 1366 });
    expect(C.MOBILE_BELOW).toBe(1024);
  });
  it('read-more 135, collapsed height 92, collapse 600 ms', () => {
    expect(C.READ_MORE_LIMIT).toBe(135);
    expect(C.READ_MORE_COLLAPSED_HEIGHT).toBe(92);
    expect(C.COLLAPSE_ANIMATION_MS).toBe(600);
  });
  it('toast 4500 ms, ad circles 3, chunk reload once a day, 401/422 unreported', () => {
    expect(C.TOAST_TIMEOUT_MS).toBe(4500);
    expect(C.AD_CIRCLES_MAX).toBe(3);
    expect(C.CHUNK_RELOAD_INTERVAL_MS).toBe(86_400_000);
    expect(C.UNREPORTED_ERROR_STATUSES).toEqual([401, 422]);
  });
  it('hosting: word MIGRATION, re-check 5 s, poll from 2 s', () => {
    expect(C.MIGRATION_CONFIRM_WORD).toBe('MIGRATION');
    expect(C.REDIRECT_RECHECK_THROTTLE_MS).toBe(5000);
    expect(C.VERIFICATION_POLL_START_MS).toBe(2000);
  });
  it('catalogues', () => {
    expect(C.CARD_BRANDS).toEqual(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay']);
    expect(C.AD_TYPE_LABELS).toEqual({ sponsorship: 'Sponsorship', host: 'Host-Read' });
    expect(STAT_CHARTS.map((c) => c.name)).toEqual([
      'Listens',
      'Distributors',
      'Countries',
      'Devices',
      'Ad Releases',
      'Unique Visitors',
      'Ad Releases and Unique Visitors combined',
      'Creators',
    ]);
  });
});
