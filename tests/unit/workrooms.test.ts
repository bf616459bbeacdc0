import { describe, expect, it } from 'vitest';
import { canReviewMessage, mergeMessages, typingText, type WorkroomMessage } from '~/lib/workroom-types';
import { jobName, shortDay } from '~/lib/format/job-name';

const message = (id: number, views: WorkroomMessage['views'] = []): WorkroomMessage => ({
  id,
  discussion_id: 1,
  content: `<p>Message ${id}</p>`,
  type: 'default',
  deliverable_id: null,
  deliverable: null,
  files: [],
  user_id: 7,
  user: null,
  edited_at: null,
  created_at: new Date(2026, 0, 1, 9, id).toISOString(),
  views,
});

describe('workroom messages', () => {
  it('merges by id, oldest first, and never loses a view that arrived before a stale copy', () => {
    const seen = mergeMessages([message(2, [{ user_id: 9, views: 1 }])], [message(1), message(2)]);
    expect(seen.map((m) => m.id)).toEqual([1, 2]);
    expect(seen[1]!.views).toEqual([{ user_id: 9, views: 1 }]);
    const edited = { ...message(2, []), content: '<p>Edited</p>' };
    expect(mergeMessages(seen, [edited])[1]).toMatchObject({ content: '<p>Edited</p>', views: [{ user_id: 9, views: 1 }] });
  });

  it('reviews only an ad-review message with a pending deliverable', () => {
    const deliverable = { id: 3, status: 'pending' as const, package_job_id: 4, job_description: '', job_name: 'Host-Read · Dec 8' };
    expect(canReviewMessage({ type: 'ad-review', deliverable })).toBe(true);
    expect(canReviewMessage({ type: 'default', deliverable })).toBe(false);
    expect(canReviewMessage({ type: 'ad-review', deliverable: null })).toBe(false);
    expect(canReviewMessage({ type: 'ad-review', deliverable: { ...deliverable, status: 'accepted' } })).toBe(false);
  });

  it('says who is typing', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Maya'])).toBe('Maya is typing…');
    expect(typingText(['Maya', 'Jordan', 'Sam'])).toBe('Maya, Jordan and Sam are typing…');
  });

  it('names a job by its ad type and its current air date', () => {
    expect(jobName({ ad_type: 'host', delivery_date: '2026-12-08' })).toBe('Host-Read · Dec 8');
    expect(jobName({ ad_type: 'sponsorship', delivery_date: '2026-01-31' })).toBe('Sponsorship · Jan 31');
    expect(jobName({ ad_type: 'host', delivery_date: null })).toBe('Host-Read');
    // A day is the day written, whatever the time zone.
    expect(shortDay('2026-12-08T23:30:00.000Z')).toBe('Dec 8');
  });
});
