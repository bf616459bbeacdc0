/** Reads a message body: JSON {content, content_files_ids} or multipart with content and files. */
import { z } from 'zod';
import { HttpError, readBody, validate } from '../http';

const jsonSchema = z.object({
  content: z.string().max(20_000).optional().default(''),
  content_files_ids: z.array(z.number().int().positive()).max(10).optional().default([]),
});

export interface ParsedMessageInput {
  content: string;
  content_files_ids: number[];
  uploads: File[];
}

/** The message fields of a request (a malformed body is a 422). */
export async function readMessageInput(request: Request): Promise<ParsedMessageInput> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) {
    const { content, content_files_ids } = validate(jsonSchema, await readBody(request));
    return { content, content_files_ids, uploads: [] };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(422, 'The request body could not be read.', { body: ['The request body must be valid multipart form data.'] });
  }
  const content = form.get('content');
  const uploads = [...form.getAll('files'), ...form.getAll('files[]'), ...form.getAll('file')].filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f,
  );
  const ids = [...form.getAll('content_files_ids'), ...form.getAll('content_files_ids[]')].map(String);
  const parsed = validate(jsonSchema, {
    content: typeof content === 'string' ? content : '',
    content_files_ids: ids.map((v) => (/^\d{1,9}$/.test(v) ? Number(v) : v)),
  });
  return { content: parsed.content, content_files_ids: parsed.content_files_ids, uploads };
}
