/** The admin review forms (campaign approvals, manual stats): approve or reject a row, posted from the admin's own page. */
import { HttpError, sameOrigin } from '../http';

export interface ReviewOutcome {
  notice: string | null;
  error: string | null;
  /** The row whose reject form failed, so the page keeps that form open with its message. */
  rejectErrorFor: number | null;
}

export interface ReviewFormOptions {
  /** The form field that carries the row id. */
  idField: string;
  /** What a row is called in messages ('campaign', 'submission'). */
  noun: string;
  /** Each action the form may post: it does the work and answers the notice to show. */
  actions: Record<string, (id: number, reason: string) => Promise<string>>;
}

const NOTHING: ReviewOutcome = { notice: null, error: null, rejectErrorFor: null };

/** Handles a POST of a review form; a GET (or anything else) answers nothing to show. */
export async function handleReviewForm(request: Request, url: URL, options: ReviewFormOptions): Promise<ReviewOutcome> {
  if (request.method !== 'POST') return NOTHING;
  const form = await request.formData().catch(() => null);
  const id = Number(form?.get(options.idField));
  const action = String(form?.get('action') ?? '');
  if (!sameOrigin(request, url)) return { ...NOTHING, error: 'That request did not come from this page.' };
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return { ...NOTHING, error: `Choose a ${options.noun}.` };
  const run = options.actions[action];
  if (!run) return { ...NOTHING, error: 'Unknown action.' };
  try {
    return { ...NOTHING, notice: await run(id, String(form?.get('reason') ?? '')) };
  } catch (e) {
    return {
      notice: null,
      error: e instanceof HttpError ? e.message : `Could not update the ${options.noun}.`,
      rejectErrorFor: action === 'reject' ? id : null,
    };
  }
}
